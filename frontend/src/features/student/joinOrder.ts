import type { PlacementClass } from '@/features/placement/types';

/** A class a student may join, and whether it matches their Feide course groups. */
export interface JoinOption {
  cls: PlacementClass;
  matching: boolean;
}

const STATUS_ORDER = { current: 0, future: 1, previous: 2 } as const;

/**
 * The classes to offer when joining (spec §2): those matching the student's
 * Feide course groups first, in the server's order, then the rest of the
 * current and future semesters by semester (current first) and subject
 * code. Classes of ended semesters cannot be joined and are left out.
 */
export function joinOptions(matching: readonly PlacementClass[], all: readonly PlacementClass[]): JoinOption[] {
  const open = (cls: PlacementClass) => cls.period.status !== 'previous';
  const matchingIds = new Set(matching.filter(open).map((cls) => cls.id));
  const first = matching.filter(open).map((cls) => ({ cls, matching: true }));
  const rest = all
    .filter((cls) => open(cls) && !matchingIds.has(cls.id))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.period.status] - STATUS_ORDER[b.period.status] ||
        a.period.startDate.localeCompare(b.period.startDate) ||
        a.subject.subjectCode.localeCompare(b.subject.subjectCode, 'nb'),
    )
    .map((cls) => ({ cls, matching: false }));
  return [...first, ...rest];
}
