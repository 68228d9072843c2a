import type { MessageId } from '@/i18n/messages';

/** The four roles, as the server names them (`GET /api/roles`). */
export const ROLE_NAMES = ['Student', 'Teacher', 'Advisor', 'Admin'] as const;

/** A role the app knows. */
export type RoleName = (typeof ROLE_NAMES)[number];

/** Local-storage key holding the role the user works in (spec §3). */
export const ACTIVE_ROLE_STORAGE_KEY = 'activeRole';

/** Reports whether a value is one of the four role names. */
export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}

/** The home of a role: `/{role lowercased}` (Admin → `/admin`). */
export function rolePath(role: RoleName): string {
  return `/${role.toLowerCase()}`;
}

/** The role whose home is the first segment of a path, if any (`/teacher/class/3` → Teacher). */
export function roleOfPath(pathname: string): RoleName | null {
  const segment = pathname.split('/')[1]?.toLowerCase();
  return ROLE_NAMES.find((role) => role.toLowerCase() === segment) ?? null;
}

/** Message ids of a role's title and its short description. */
export function roleMessages(role: RoleName): { title: MessageId; description: MessageId } {
  switch (role) {
    case 'Student':
      return { title: 'role.Student.title', description: 'role.Student.description' };
    case 'Teacher':
      return { title: 'role.Teacher.title', description: 'role.Teacher.description' };
    case 'Advisor':
      return { title: 'role.Advisor.title', description: 'role.Advisor.description' };
    case 'Admin':
      return { title: 'role.Admin.title', description: 'role.Admin.description' };
  }
}

/**
 * The user's roles the app knows, in a fixed order (student, teacher,
 * supervisor, admin). Unknown role names are left out and logged.
 */
export function knownRoles(roles: readonly { name: string }[]): RoleName[] {
  const names = new Set<RoleName>();
  for (const { name } of roles) {
    if (isRoleName(name)) names.add(name);
    else console.warn(`Unknown role ${JSON.stringify(name)} ignored`);
  }
  return ROLE_NAMES.filter((role) => names.has(role));
}

/**
 * Decides the active role (spec §4): the stored one while the user still has
 * it; otherwise, when the user has exactly one role, that one; otherwise
 * none, and the user chooses.
 */
export function resolveActiveRole(stored: string | null, roles: readonly RoleName[]): RoleName | null {
  if (isRoleName(stored) && roles.includes(stored)) return stored;
  if (roles.length === 1) return roles[0] ?? null;
  return null;
}

/** The stored active role, if any (not checked against the user's roles). */
export function getStoredActiveRole(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_ROLE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the active role, or forgets it when null. */
export function storeActiveRole(role: RoleName | null): void {
  try {
    if (role) window.localStorage.setItem(ACTIVE_ROLE_STORAGE_KEY, role);
    else window.localStorage.removeItem(ACTIVE_ROLE_STORAGE_KEY);
  } catch {
    // Without storage the choice lasts for this page view only.
  }
}
