import { todayIso } from '@/features/placement/mainForm';
import { isOverdue } from '@/features/placement/deadlines';
import type {
  DeadlineStatus,
  FormProgress,
  HalfProgress,
  Party,
  PlacementClass,
  SigningStatusRow,
  StudentRow,
} from '@/features/placement/types';

/** How far one role has come with one half, and whether it is late. */
export interface RoleState {
  party: Party;
  answered: number;
  total: number;
  delivered: boolean;
  /** The role's due date for the half, when the class's rules set one. */
  deadline: DeadlineStatus | null;
  /**
   * Not delivered past the role's deadline, or, without one, past the
   * half's date.
   */
  behind: boolean;
}

/** One half of the main form for a student. */
export interface HalfState {
  isMidSemester: boolean;
  roles: RoleState[];
}

/** What a teacher needs to see about a student at a glance. */
export interface StudentOverview {
  row: StudentRow;
  mid: HalfState | null;
  end: HalfState | null;
  behind: boolean;
  /** The roles behind in either half of the main form. */
  lateParties: Party[];
  /** The signing form's wait, when it waits for someone (locked forms are not listed). */
  signing: SigningStatusRow | null;
  /** Sent and not yet confirmed, or a draft not sent. */
  warningOpen: boolean;
  noSupervisor: boolean;
  /** Anything above that the teacher should follow up. */
  needsAttention: boolean;
}

const mainForm = (forms: FormProgress[]) => forms.find((form) => form.isMainForm) ?? forms[0] ?? null;

function halfState(half: HalfProgress | undefined, dueDate: string | null, today: string): HalfState | null {
  if (!half) return null;
  const due = dueDate !== null && today > dueDate;
  return {
    isMidSemester: half.isMidSemester,
    roles: (['student', 'advisor', 'teacher'] as const).map((party) => {
      const deadline = half[party].deadline ?? null;
      return {
        party,
        answered: half[party].answered,
        total: half.total,
        delivered: half[party].delivered,
        deadline,
        behind: deadline ? isOverdue(deadline) : due && !half[party].delivered,
      };
    }),
  };
}

/**
 * Reads a class's student rows and signing status into what the overview
 * shows: each half of the main form per role (late when its deadline,
 * or without one the half's date, has passed without delivery), the warning, the signing form's wait, and
 * whether the student needs following up.
 */
export function overview(
  cls: Pick<PlacementClass, 'midSemesterDate' | 'endSemesterDate'>,
  rows: readonly StudentRow[],
  signing: readonly SigningStatusRow[],
  today: string = todayIso(),
): StudentOverview[] {
  return rows.map((row) => {
    const form = mainForm(row.forms);
    const mid = halfState(form?.halves.find((h) => h.isMidSemester), cls.midSemesterDate, today);
    const end = halfState(form?.halves.find((h) => !h.isMidSemester), cls.endSemesterDate, today);
    const lateParties = (['student', 'advisor', 'teacher'] as const).filter((party) =>
      [mid, end].some((half) => half?.roles.some((role) => role.party === party && role.behind) ?? false),
    );
    const behind = lateParties.length > 0;
    const wait = signing.find((s) => s.studentId === row.id) ?? null;
    const warningOpen = row.warning === 'given' || row.warning === 'draft';
    const noSupervisor = row.supervisors.length === 0;
    // Creating and confirming the form is due at mid-placement; signatures whenever they are asked for.
    const midPassed = cls.midSemesterDate !== null && today > cls.midSemesterDate;
    const signingDue =
      (wait?.waitingFor.includes('teacher') ?? false) && (wait?.status === 'awaitingSignatures' || midPassed);
    return {
      row,
      mid,
      end,
      behind,
      lateParties,
      signing: wait,
      warningOpen,
      noSupervisor,
      needsAttention: behind || warningOpen || noSupervisor || signingDue,
    };
  });
}
