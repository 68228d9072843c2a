import { withQuery } from '@/lib/url';

/** Where each way of signing in starts. */
export interface LoginTargets {
  /** Server route that starts Feide sign-in (students and teachers); a full page navigation. */
  feide: string;
  /** Server route that starts Vipps sign-in (supervisors); a full page navigation. */
  vipps: string;
  /** The app's one-time-code page; a client-side route. */
  oneTimeCode: string;
}

/** Paths of the sign-in starts, without query. */
export const LOGIN_PATHS = {
  feide: '/api/auth/feide/start',
  vipps: '/api/auth/vipps/start',
  oneTimeCode: '/login',
} as const;

/**
 * The sign-in targets, each carrying the supervisor invitation's
 * `verificationGuid` when there is one, so the invitation can be accepted
 * after whichever sign-in the user picks (spec §2).
 */
export function loginTargets(verificationGuid: string | null): LoginTargets {
  const query = { verificationGuid };
  return {
    feide: withQuery(LOGIN_PATHS.feide, query),
    vipps: withQuery(LOGIN_PATHS.vipps, query),
    oneTimeCode: withQuery(LOGIN_PATHS.oneTimeCode, query),
  };
}
