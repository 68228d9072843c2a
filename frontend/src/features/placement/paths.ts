/** The roles that work with placements. */
export type PlacementRole = 'Student' | 'Teacher' | 'Advisor';

/** The role's area: `/student`, `/teacher`, `/advisor`. */
export const roleBase = (role: PlacementRole) => `/${role.toLowerCase()}`;

/** Addresses of the placement pages (spec §2). */
export const placementPaths = {
  studentHome: '/student',
  studentForms: '/student/forms',
  studentJoinClass: '/student/join-class',
  studentInvite: '/student/supervisor/invite',
  studentProgress: '/student/progress',
  teacherHome: '/teacher',
  advisorHome: '/advisor',
  acceptInvitation: '/supervisor/accept-invitation',

  /** A class page of a teacher or supervisor. */
  classPage: (role: 'Teacher' | 'Advisor', classId: number) => `${roleBase(role)}/class/${classId}`,

  /** The student page of a teacher or supervisor. */
  studentPage: (role: 'Teacher' | 'Advisor', classId: number, studentId: number) =>
    `${roleBase(role)}/class/${classId}/student/${studentId}`,

  /** A student's record across placements, for the student's teacher. */
  studentRecord: (classId: number, studentId: number) => `/teacher/class/${classId}/student/${studentId}/progress`,

  /** A supervisor and their students, for a teacher. */
  teacherAdvisorPage: (classId: number, userId: number) => `/teacher/class/${classId}/advisor/${userId}`,

  /** The signing form of a student (built by the signing form's pages). */
  signingForm: (role: PlacementRole, classId: number, studentId: number) =>
    `${roleBase(role)}/class/${classId}/student/${studentId}/signingform`,
};

/** Which form of which student to open. */
export interface FormTarget {
  classId: number;
  studentId: number;
  formId: number;
  assignmentId: number;
}

/**
 * The form page (built by the form page's owners) for a role:
 * `/student/:studentUserId/form/:formId/class/:classId/assignment/:assignmentId`,
 * `/{teacher|advisor}/class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId`.
 */
export function formPagePath(role: PlacementRole, { classId, studentId, formId, assignmentId }: FormTarget): string {
  if (role === 'Student') return `/student/${studentId}/form/${formId}/class/${classId}/assignment/${assignmentId}`;
  return `${roleBase(role)}/class/${classId}/student/${studentId}/form/${formId}/assignment/${assignmentId}`;
}

/** Reads a positive whole number from a route parameter, else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
