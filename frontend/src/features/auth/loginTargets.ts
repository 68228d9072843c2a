import { withQuery } from '@/lib/url';
import type { PendingSignIn } from './signInStorage';

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
 * `verificationGuid` and the local `redirect_uri` when there are any, so the
 * invitation can be accepted after whichever sign-in the user picks
 * (spec §2). Vipps also gets the `state` the app made for this sign-in.
 */
export function loginTargets({ verificationGuid, redirectUri }: PendingSignIn, vippsState: string): LoginTargets {
  const query = { verificationGuid, redirect_uri: redirectUri };
  return {
    feide: withQuery(LOGIN_PATHS.feide, query),
    vipps: withQuery(LOGIN_PATHS.vipps, { state: vippsState, ...query }),
    oneTimeCode: withQuery(LOGIN_PATHS.oneTimeCode, query),
  };
}
