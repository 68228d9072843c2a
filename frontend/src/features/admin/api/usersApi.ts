import type { AdminUser, NewUser, Role, UserListItem, UserPatch } from '../types';
import { nextUsersOffset, usersQueryParams, type UserFilter, type UsersPage } from '../users/paging';
import { adminApi, LIST } from './adminBase';

/** Users: the list, one user, and changes to roles, classes and access. */
export const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/users`, page by page (20 at a time) for a filter. */
    listUsers: build.infiniteQuery<UsersPage, UserFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, allPages) => nextUsersOffset(lastPage, allPages),
      },
      query: ({ queryArg, pageParam }) => ({ url: 'users', params: usersQueryParams(queryArg, pageParam) }),
      transformResponse: (users: UserListItem[], meta) => {
        const total = meta?.response?.headers.get('X-Total-Count');
        return { users, total: total ? Number(total) : null };
      },
      providesTags: [{ type: 'User', id: LIST }],
    }),
    /** `GET /api/users/{id}`: roles, classes, references. */
    getUser: build.query<AdminUser, number>({
      query: (id) => `users/${id}`,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    /** `POST /api/users` (409 when the e-mail is in use). */
    createUser: build.mutation<AdminUser, NewUser>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    /** `PATCH /api/users/{id}`: roles, classes, a student's class with teacher and supervisor, active. */
    updateUser: build.mutation<AdminUser, { id: number; patch: UserPatch }>({
      query: ({ id, patch }) => ({ url: `users/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_user, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: LIST },
        'ClassUsers',
        'AdvisorStudents',
      ],
    }),
    /** `GET /api/roles`. */
    getAllRoles: build.query<Role[], void>({
      query: () => 'roles',
    }),
  }),
});

export const { useListUsersInfiniteQuery, useGetUserQuery, useCreateUserMutation, useUpdateUserMutation, useGetAllRolesQuery } =
  usersApi;
