import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useVippsSignedInMutation } from '../authApi';
import { SIGN_IN_PATHS } from '../paths';
import { useFinishSignIn } from '../session';
import { forgetVippsState, storedVippsState } from '../signInStorage';
import { SignInReturn, type ReturnState } from './SignInReturn';

/**
 * Checks what Vipps sent back (spec §5): an error (the user cancelled), no
 * code, no state, or a state other than the one this tab started with each
 * stop the sign-in with their own message.
 */
export function checkVippsReturn(search: URLSearchParams, expectedState: string | null): ReturnState {
  const error = search.get('error');
  if (error) {
    return { status: 'refused', messageId: 'signIn.return.cancelled', detail: search.get('error_description') ?? error };
  }
  if (!search.get('code')) return { status: 'refused', messageId: 'signIn.return.noCode' };
  const state = search.get('state');
  if (!state) return { status: 'refused', messageId: 'signIn.return.noState' };
  if (state !== expectedState) return { status: 'refused', messageId: 'signIn.return.stateMismatch' };
  return { status: 'working' };
}

/**
 * `/vipps-success?code=&state=` (or `?error=&error_description=`): where
 * Vipps sends the browser back. Checks the answer against the state kept
 * when the sign-in started, then trades the code for a token
 * (`POST /api/auth/vipps/signed-in`) and finishes signing in.
 */
export function VippsReturnPage() {
  const [searchParams] = useSearchParams();
  const [vippsSignedIn] = useVippsSignedInMutation();
  const { finish, state: finishState } = useFinishSignIn();
  const [returnState, setReturnState] = useState<ReturnState>(() =>
    checkVippsReturn(searchParams, storedVippsState()),
  );
  const sent = useRef(false);
  const code = searchParams.get('code');
  const state = searchParams.get('state');

  // A state is good for one return, whatever it brought.
  useEffect(() => forgetVippsState(), []);

  useEffect(() => {
    if (returnState.status !== 'working' || !code || !state || sent.current) return;
    sent.current = true;
    // Exactly the redirect URI the sign-in was started with.
    const redirectUri = `${window.location.origin}${SIGN_IN_PATHS.vippsReturn}`;
    vippsSignedIn({ code, redirectUri, state })
      .unwrap()
      .then(finish, (failure: unknown) => setReturnState({ status: 'failed', error: failure }));
  }, [returnState.status, code, state, vippsSignedIn, finish]);

  return <SignInReturn provider="Vipps" state={returnState} finishState={finishState} />;
}
