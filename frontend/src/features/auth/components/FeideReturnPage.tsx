import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeideSignedInMutation } from '../authApi';
import { useFinishSignIn } from '../session';
import { SignInReturn, type ReturnState } from './SignInReturn';

/**
 * `/feide-success?code=&state=`: where Feide sends the browser back. Trades
 * the code for a token (`POST /api/auth/signed-in`) and finishes signing in.
 */
export function FeideReturnPage() {
  const [searchParams] = useSearchParams();
  const [feideSignedIn] = useFeideSignedInMutation();
  const { finish, state: finishState } = useFinishSignIn();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const error = searchParams.get('error');
  const errorDescription = searchParams.get('error_description');
  const [returnState, setReturnState] = useState<ReturnState>(() => {
    if (error) return { status: 'refused', messageId: 'signIn.return.cancelled', detail: errorDescription };
    if (!code) return { status: 'refused', messageId: 'signIn.return.noCode' };
    return { status: 'working' };
  });
  // A code can be used once; this keeps a second effect run from sending it again.
  const sent = useRef(false);

  useEffect(() => {
    if (returnState.status !== 'working' || !code || sent.current) return;
    sent.current = true;
    feideSignedIn({ code, state })
      .unwrap()
      .then(finish, (failure: unknown) => setReturnState({ status: 'failed', error: failure }));
  }, [returnState.status, code, state, feideSignedIn, finish]);

  return <SignInReturn provider="Feide" state={returnState} finishState={finishState} />;
}
