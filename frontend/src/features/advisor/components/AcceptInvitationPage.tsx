import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { authApi } from '@/features/auth/authApi';
import { useSession } from '@/features/auth/SessionProvider';
import { localPath } from '@/features/auth/signInStorage';
import { useAcceptInvitationMutation } from '@/features/placement/api/placementApi';
import { Loading } from '@/components/Feedback';
import { Page } from '@/features/placement/components/Layout';
import { placementPaths } from '@/features/placement/paths';

/** How long a failure stays on screen before the page moves on (spec §9). */
export const ACCEPT_FAILURE_REDIRECT_MS = 7_000;

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * `/supervisor/accept-invitation?verificationGuid=…`: the signed-in user
 * accepts a supervisor invitation with their e-mail address (spec §5). On
 * success they become the student's supervisor and land on `/advisor` (or
 * the invitation's local `redirect_uri`); a failure is shown, and after 7
 * seconds the page moves on to the front page.
 */
export function AcceptInvitationPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useDispatch<Dispatch>();
  const toast = useToast();
  const { user } = useSession();
  const [params] = useSearchParams();
  const guid = params.get('verificationGuid')?.trim() ?? '';
  const redirect = localPath(params.get('redirect_uri'));
  const [accept, { error, isError }] = useAcceptInvitationMutation();
  const [failed, setFailed] = useState(guid === '');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!guid) return;
    accept({ verificationGuid: guid, email: user.email })
      .unwrap()
      .then(
        async (accepted) => {
          // The user has the supervisor role now; load it before going there.
          const me = dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
          try {
            await me.unwrap();
          } catch {
            // The role area loads the user by itself.
          } finally {
            me.unsubscribe();
          }
          toast.show('advisor.accept.done', 'success', { name: accepted.studentName });
          void navigate(redirect ?? placementPaths.advisorHome, { replace: true });
        },
        () => setFailed(true),
      );
  }, [accept, dispatch, guid, navigate, redirect, toast, user.email]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), ACCEPT_FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failed, navigate]);

  const title = intl.formatMessage({ id: 'advisor.accept.title' });
  if (!failed) {
    return (
      <Page title={title}>
        <Typography>
          <FormattedMessage id="advisor.accept.working" />
        </Typography>
        <Loading label={intl.formatMessage({ id: 'advisor.accept.working' })} />
      </Page>
    );
  }
  return (
    <Page title={title}>
      {isError ? (
        <ErrorBox error={error} message={intl.formatMessage({ id: 'advisor.accept.failed' })} />
      ) : (
        <ErrorBox
          error={{ status: 400, data: { description: intl.formatMessage({ id: 'advisor.accept.noGuid' }), statusCode: 400, errors: [] } }}
          message={intl.formatMessage({ id: 'advisor.accept.failed' })}
        />
      )}
      <Typography>
        <FormattedMessage id="advisor.accept.redirecting" values={{ seconds: ACCEPT_FAILURE_REDIRECT_MS / 1000 }} />
      </Typography>
      <div>
        <Button variant="contained" size="large" onClick={() => void navigate('/', { replace: true })}>
          <FormattedMessage id="advisor.accept.continue" />
        </Button>
      </div>
    </Page>
  );
}
