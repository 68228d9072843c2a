import { SIGN_IN_PATHS } from '@/features/auth/paths';
import { ACCEPT_INVITATION_PATH } from '@/features/auth/signInStorage';

/** Client-side routes outside the role areas (each role's pages live under `/{role}`). */
export const paths = {
  ...SIGN_IN_PATHS,
  /** Kept for callers from before the sign-in pages existed. */
  oneTimeCodeLogin: SIGN_IN_PATHS.login,
  acceptInvitation: ACCEPT_INVITATION_PATH,
  privacyPolicy: '/privacy-policy',
  /** A copy of everything held about the signed-in person. */
  myData: '/my-data',
  debugFs: '/debug/fs',
  notFound: '/404',
} as const;

/**
 * The pages before sign-in that have a path of their own; every other path
 * shows the login page. The app loads the router when one of them is opened
 * (see `PublicApp`); publicRoutes.test.tsx keeps this list and the route
 * table in step.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  paths.login,
  paths.loginSimple,
  paths.otp,
  paths.otpSimple,
  paths.feideReturn,
  paths.vippsReturn,
  paths.notFound,
];
