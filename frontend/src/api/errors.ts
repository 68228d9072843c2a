import type { ProblemEntry } from './types';

/** One reason in an API error, e.g. one invalid field. */
export type ErrorDetail = ProblemEntry;

/**
 * An error as the UI shows it (spec §8): a description, the HTTP status
 * (-1 when the request never got an HTTP answer) and the detailed reasons.
 */
export interface NormalizedError {
  description: string;
  statusCode: number;
  details: ErrorDetail[];
}

/** Description used when a request failed without an HTTP answer. */
export const UNEXPECTED_ERROR = 'Unexpected error';

/** Description used when an HTTP error's body does not carry a description. */
export const UNPARSABLE_ERROR = 'Unable to parse error description from response data';

/** Status code used when there is no HTTP status. */
export const NO_STATUS = -1;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function readDetails(data: Record<string, unknown>): ErrorDetail[] {
  const errors = data.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(isRecord).map((entry) => ({
    reason: typeof entry.reason === 'string' ? entry.reason : '',
    description: typeof entry.description === 'string' ? entry.description : '',
  }));
}

/** Turns an HTTP status and response body in the API's error shape into a NormalizedError. */
function fromResponse(statusCode: number, data: unknown): NormalizedError {
  // The body may also arrive as unparsed JSON text (e.g. a wrong content type).
  let body = data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      body = undefined;
    }
  }
  if (isRecord(body) && typeof body.description === 'string' && body.description.trim() !== '') {
    return { description: body.description, statusCode, details: readDetails(body) };
  }
  return {
    description: UNPARSABLE_ERROR,
    statusCode,
    details: isRecord(body) ? readDetails(body) : [],
  };
}

/**
 * Normalises whatever a failed call produced into `{description, statusCode, details}`.
 *
 * Accepts RTK Query's `FetchBaseQueryError` (`{status: number, data}` for an
 * HTTP error, `{status: 'PARSING_ERROR', originalStatus, data}` when the body
 * was not JSON, `{status: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR'}`
 * otherwise), a `SerializedError`, an `Error`, or anything else. Never throws.
 * HTTP errors keep their status; the description falls back to
 * {@link UNPARSABLE_ERROR}. Everything without an HTTP status becomes
 * {@link UNEXPECTED_ERROR} with status {@link NO_STATUS}.
 */
export function normalizeError(error: unknown): NormalizedError {
  if (isRecord(error)) {
    const { status } = error;
    if (typeof status === 'number') return fromResponse(status, error.data);
    if (status === 'PARSING_ERROR' && typeof error.originalStatus === 'number') {
      return fromResponse(error.originalStatus, error.data);
    }
  }
  return { description: UNEXPECTED_ERROR, statusCode: NO_STATUS, details: [] };
}

/** Reports whether a failed call got the given HTTP status. */
export function hasStatus(error: unknown, statusCode: number): boolean {
  return error !== undefined && error !== null && normalizeError(error).statusCode === statusCode;
}

/**
 * The texts that explain an error to a person: the description and each
 * reason's description, without repeats and without the fallbacks that only
 * say no explanation came ({@link UNEXPECTED_ERROR}, {@link UNPARSABLE_ERROR}).
 * Empty when there is nothing to show.
 */
export function errorDescriptions(error: NormalizedError): string[] {
  const texts: string[] = [];
  for (const text of [error.description, ...error.details.map((detail) => detail.description)]) {
    const trimmed = text.trim();
    if (trimmed && trimmed !== UNEXPECTED_ERROR && trimmed !== UNPARSABLE_ERROR && !texts.includes(trimmed)) {
      texts.push(trimmed);
    }
  }
  return texts;
}

/** The description of the reason with the given name (e.g. an invalid field), if there is one. */
export function detailFor(error: NormalizedError, reason: string): string | null {
  return error.details.find((detail) => detail.reason === reason)?.description ?? null;
}
