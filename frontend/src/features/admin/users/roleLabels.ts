import type { IntlShape } from 'react-intl';
import { isRoleName, roleMessages } from '@/features/auth/roles';
import type { Role } from '../types';

/** A role's title in the user's language (the server's name for a role the app does not know). */
export function roleTitle(intl: IntlShape, role: Pick<Role, 'name'>): string {
  return isRoleName(role.name) ? intl.formatMessage({ id: roleMessages(role.name).title }) : role.name;
}

/** Role ids the spec fixes (spec §3, §9); admin is whatever the server calls 'Admin'. */
export const ROLE_ID = { student: 2, teacher: 3, advisor: 4 } as const;

/** Roles in the order the screens list them: student, teacher, supervisor, admin. */
export function sortRoles<T extends Pick<Role, 'name'>>(roles: readonly T[]): T[] {
  const order = ['Student', 'Teacher', 'Advisor', 'Admin'];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...roles].sort((a, b) => rank(a.name) - rank(b.name));
}
