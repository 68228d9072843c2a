import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import type { MessageId } from '@/i18n/messages';
import type { FinishState } from '../session';
import { BackToLogin } from './BackToLogin';
import { SignInCard } from './SignInCard';

/** Where the return from an identity provider stands. */
export type ReturnState =
  | { status: 'working' }
  /** The answer from the provider cannot be used; a message says why. */
  | { status: 'refused'; messageId: MessageId; detail?: string | null }
  /** The server did not accept the sign-in. */
  | { status: 'failed'; error: unknown };

interface SignInReturnProps {
  /** The provider's name, e.g. "Feide". */
  provider: string;
  state: ReturnState;
  finishState: FinishState;
}

/** The page shown on return from Feide or Vipps: signing in, or why it did not work and a way back. */
export function SignInReturn({ provider, state, finishState }: SignInReturnProps) {
  const intl = useIntl();

  if (finishState.status === 'userFailed') {
    return (
      <SignInCard title={intl.formatMessage({ id: 'signIn.return.failedTitle' })}>
        <ErrorBox error={finishState.error} message={intl.formatMessage({ id: 'session.userFailed' })} />
        <BackToLogin />
      </SignInCard>
    );
  }

  switch (state.status) {
    case 'working':
      return (
        <SignInCard title={intl.formatMessage({ id: 'signIn.return.working' }, { provider })}>
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={28} aria-hidden />
            <Typography>
              <FormattedMessage id="signIn.return.wait" />
            </Typography>
          </Box>
        </SignInCard>
      );
    case 'refused':
      return (
        <SignInCard title={intl.formatMessage({ id: 'signIn.return.failedTitle' })}>
          <Alert severity="error" role="alert">
            <AlertTitle>
              <FormattedMessage id={state.messageId} values={{ provider }} />
            </AlertTitle>
            {state.detail ? <Typography sx={{ overflowWrap: 'anywhere' }}>{state.detail}</Typography> : null}
            <Typography sx={{ mt: state.detail ? 1 : 0 }}>
              <FormattedMessage id="signIn.return.tryAgain" />
            </Typography>
          </Alert>
          <BackToLogin />
        </SignInCard>
      );
    case 'failed':
      return (
        <SignInCard title={intl.formatMessage({ id: 'signIn.return.failedTitle' })}>
          <ErrorBox error={state.error} message={intl.formatMessage({ id: 'signIn.return.notAccepted' }, { provider })} />
          <BackToLogin />
        </SignInCard>
      );
  }
}
