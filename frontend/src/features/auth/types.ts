import type * as api from '@/api/types';

/** A role as the server sends it. */
export type Role = api.Role;

/** A student's place in a class, with teacher and supervisor. */
export type StudentReference = api.StudentReference;

/** The signed-in user (`GET /api/users/me`). */
export type CurrentUser = api.Me;

/** The answer of every sign-in call. */
export type SignInResult = api.SignedIn;

/** Which pair of one-time-code pages: `/login` + `/otp`, or `/login-simple` + `/otp-simple`. */
export type CodeVariant = 'external' | 'simple';
