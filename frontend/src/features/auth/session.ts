import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { pageNavigation } from '@/lib/navigation';
import { authApi } from './authApi';
import { knownRoles, rolePath, storeActiveRole } from './roles';
import { forgetSignIn, pathAfterSignIn } from './signInStorage';
import { clearToken, setToken } from './token';
import type { SignInResult } from './types';

/** Where a finished sign-in stands. */
export type FinishState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** The token came, but the user could not be loaded with it. */
  | { status: 'userFailed'; error: unknown };

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Completes a sign-in (spec §4): keeps the token in session storage, loads
 * the user with it, and loads the app again from the server at the home of
 * a user's only role, else at `/` (or the pending invitation or redirect).
 * A role's home is a page of the signed-in app, whose code the server
 * announces; `/` is the login page's address, whose markup the server
 * writes into the page. When the user cannot be loaded the token
 * is dropped and the failure returned, so the page can say so.
 */
export function useFinishSignIn(): { finish: (result: SignInResult) => Promise<void>; state: FinishState } {
  const dispatch = useDispatch<Dispatch>();
  const [state, setState] = useState<FinishState>({ status: 'idle' });

  const finish = useCallback(
    async (result: SignInResult) => {
      setState({ status: 'loading' });
      setToken(result.token);
      const request = dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
      let home = '/';
      try {
        const roles = knownRoles((await request.unwrap()).roles);
        // One role needs no choosing: it is the active one, as the role
        // chooser at `/` would have stored it.
        const [only] = roles;
        if (roles.length === 1 && only) {
          home = rolePath(only);
          storeActiveRole(only);
        }
      } catch (error) {
        clearToken();
        setState({ status: 'userFailed', error });
        return;
      } finally {
        request.unsubscribe();
      }
      const target = pathAfterSignIn(result, home);
      forgetSignIn();
      pageNavigation.assign(target);
    },
    [dispatch],
  );

  return { finish, state };
}

/**
 * Signs out (spec §2 side menu): ends the session on the server, forgets the
 * token and the active role, and loads the app again at `/`. The server call
 * may fail (already signed out, no connection); the browser forgets the
 * token all the same.
 */
export function useSignOut(
  /** Runs before the page is left, e.g. to clear what the device kept for the user. */
  beforeLeave?: () => Promise<void>,
): { signOut: () => Promise<void>; signingOut: boolean } {
  const dispatch = useDispatch<Dispatch>();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await dispatch(authApi.endpoints.signOut.initiate()).unwrap();
    } catch {
      // Signed out here regardless; the token is forgotten below.
    }
    clearToken();
    storeActiveRole(null);
    await beforeLeave?.().catch(() => undefined);
    pageNavigation.assign('/');
  }, [dispatch, beforeLeave]);
  return { signOut, signingOut };
}
