import { normalizeError } from '@/api/errors';

/** Conflict reasons that mean the form changed under the user: someone else saved (or created) it. */
const STALE_REASONS = new Set(['stale', 'exists']);

/**
 * Which of the two conflicts a failed save met (spec §4): `stale` when
 * someone else changed the form (a reload shows theirs), `locked` when all
 * parties have signed (nothing can change any more), else null.
 */
export function conflictOf(error: unknown): 'stale' | 'locked' | null {
  const { statusCode, details } = normalizeError(error);
  if (statusCode !== 409) return null;
  if (details.some((detail) => detail.reason === 'locked')) return 'locked';
  if (details.some((detail) => STALE_REASONS.has(detail.reason))) return 'stale';
  return null;
}
