import { describe, expect, it } from 'vitest';
import type { UserListItem } from '../types';
import { nextUsersOffset, USERS_PAGE_SIZE, usersQueryParams, type UsersPage } from './paging';

const page = (count: number, start = 0): UsersPage => ({
  users: Array.from({ length: count }, (_, i): UserListItem => ({
    id: start + i + 1,
    displayName: `User ${start + i + 1}`,
    email: `u${start + i + 1}@demo.test`,
    isActive: true,
    roles: [],
  })),
  total: null,
});

describe('users list paging', () => {
  it('pages by 20', () => {
    expect(USERS_PAGE_SIZE).toBe(20);
    expect(usersQueryParams({ roleId: null, search: '' }, 0).pagesize).toBe(20);
  });

  it('sends an offset only when loading more, and only from 20 on', () => {
    const filter = { roleId: null, search: '' };
    expect(usersQueryParams(filter, 0)).not.toHaveProperty('offset');
    expect(usersQueryParams(filter, 19)).not.toHaveProperty('offset');
    expect(usersQueryParams(filter, 20)).toMatchObject({ offset: 20 });
    expect(usersQueryParams(filter, 40)).toMatchObject({ offset: 40 });
  });

  it('sends the role and the trimmed search, and always includes deactivated users', () => {
    expect(usersQueryParams({ roleId: 3, search: '  ola ' }, 0)).toEqual({
      pagesize: 20,
      includeInactive: 1,
      roleid: 3,
      search: 'ola',
    });
    expect(usersQueryParams({ roleId: null, search: '   ' }, 0)).toEqual({ pagesize: 20, includeInactive: 1 });
  });

  it('loads more while the number loaded is a multiple of 20', () => {
    const first = page(20);
    expect(nextUsersOffset(first, [first])).toBe(20);
    const second = page(20, 20);
    expect(nextUsersOffset(second, [first, second])).toBe(40);
  });

  it('stops after a short page, an empty page, or when the count is not a multiple of 20', () => {
    const first = page(20);
    const short = page(7, 20);
    expect(nextUsersOffset(short, [first, short])).toBeUndefined();
    const empty = page(0, 40);
    expect(nextUsersOffset(empty, [first, page(20, 20), empty])).toBeUndefined();
    expect(nextUsersOffset(page(0), [page(0)])).toBeUndefined();
    // A full last page after an odd one (a list that changed meanwhile) still ends: 27 is no multiple of 20.
    const odd = page(7);
    const full = page(20, 7);
    expect(nextUsersOffset(full, [odd, full])).toBeUndefined();
  });
});
