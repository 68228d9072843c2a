import type { Party } from './types';

/** The roles that open a signing form, as the route table names them. */
export type SigningRole = 'Teacher' | 'Student' | 'Advisor';

/** The roles that open a signing form. */
export const SIGNING_ROLES: readonly SigningRole[] = ['Student', 'Teacher', 'Advisor'];

/** As whom a role signs. */
export const PARTY_OF_ROLE: Record<SigningRole, Party> = { Teacher: 'teacher', Student: 'student', Advisor: 'advisor' };

/** The route pattern of the signing form page under a role's area (spec §2). */
export const SIGNING_FORM_ROUTE = 'class/:classId/student/:studentUserId/signingform';

/** The address of a student's signing form for a role: `/{role}/class/{classId}/student/{studentUserId}/signingform`. */
export function signingFormPath(role: SigningRole, classId: number, studentUserId: number): string {
  return `/${role.toLowerCase()}/class/${classId}/student/${studentUserId}/signingform`;
}

/** Where the page's back link goes: the student page of a teacher or supervisor, the student's own forms. */
export function backPath(role: SigningRole, classId: number, studentUserId: number): string {
  return role === 'Student' ? '/student/forms' : `/${role.toLowerCase()}/class/${classId}/student/${studentUserId}`;
}

/** Reports whether a role opens signing forms. */
export function isSigningRole(role: string | null | undefined): role is SigningRole {
  return role === 'Teacher' || role === 'Student' || role === 'Advisor';
}
