import { normalizeError } from '@/api/errors';

/**
 * The server's message for each invalid field of a failed call, by field
 * name (the `reason` of each detail). Empty when the call did not fail or
 * named no field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error === undefined || error === null) return {};
  const fields: Record<string, string> = {};
  for (const { reason, description } of normalizeError(error).details) {
    if (reason && description && !(reason in fields)) fields[reason] = description;
  }
  return fields;
}

/** Reports whether every reason of a failed call is one of the given fields, so the fields show it all. */
export function onlyFieldErrors(error: unknown, fields: readonly string[]): boolean {
  const { details } = normalizeError(error);
  return details.length > 0 && details.every((detail) => fields.includes(detail.reason));
}
