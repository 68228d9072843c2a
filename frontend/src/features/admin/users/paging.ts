import type { UserListItem } from '../types';

/** Users per page (spec §9). */
export const USERS_PAGE_SIZE = 20;

/** What the users list is filtered by. */
export interface UserFilter {
  /** Only users with this role; null for every role. */
  roleId: number | null;
  /** Part of a name or e-mail; blank for everyone. */
  search: string;
}

/** One page of users, and how many match in all (`X-Total-Count`). */
export interface UsersPage {
  users: UserListItem[];
  total: number | null;
}

/**
 * The query of `GET /api/users` for a filter and the number of users
 * loaded so far. Deactivated users are always included (they are shown
 * greyed). The offset is sent only when loading more, that is when at least
 * one full page is loaded (spec §7).
 */
export function usersQueryParams(filter: UserFilter, loaded: number): Record<string, string | number> {
  const params: Record<string, string | number> = { pagesize: USERS_PAGE_SIZE, includeInactive: 1 };
  if (filter.roleId !== null) params.roleid = filter.roleId;
  const search = filter.search.trim();
  if (search) params.search = search;
  if (loaded >= USERS_PAGE_SIZE) params.offset = loaded;
  return params;
}

/**
 * Where the next page starts, or undefined when all are loaded. More are
 * loaded while the number loaded is a multiple of the page size (spec §9)
 * and the last page was not short (an empty last page ends it too).
 */
export function nextUsersOffset(lastPage: UsersPage, allPages: UsersPage[]): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page.users.length, 0);
  if (lastPage.users.length < USERS_PAGE_SIZE) return undefined;
  if (loaded === 0 || loaded % USERS_PAGE_SIZE !== 0) return undefined;
  return loaded;
}
