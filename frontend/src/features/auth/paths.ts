import type { CodeVariant } from './types';

/** The sign-in pages' routes (spec §2, without a token). */
export const SIGN_IN_PATHS = {
  login: '/login',
  loginSimple: '/login-simple',
  otp: '/otp',
  otpSimple: '/otp-simple',
  feideReturn: '/feide-success',
  vippsReturn: '/vipps-success',
} as const;

/** The request page and the code page of a one-time-code variant. */
export function codePaths(variant: CodeVariant): { login: string; otp: string } {
  return variant === 'simple'
    ? { login: SIGN_IN_PATHS.loginSimple, otp: SIGN_IN_PATHS.otpSimple }
    : { login: SIGN_IN_PATHS.login, otp: SIGN_IN_PATHS.otp };
}

/** What the request page hands the code page in the navigation state. */
export interface CodePageState {
  email: string;
}

/** Reads the e-mail address from a navigation state, if it carries one. */
export function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state;
  return typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
}
