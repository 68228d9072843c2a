import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { detailFor, normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useTenant } from '@/features/tenant/tenantContext';
import { useRequestCodeMutation, useSignInWithCodeMutation } from '../authApi';
import { codePaths, emailFromState } from '../paths';
import { useFinishSignIn } from '../session';
import type { CodeVariant } from '../types';
import { BackToLogin } from './BackToLogin';
import { SignInCard } from './SignInCard';

/** A code is burnt after this many wrong tries (the server's rule). */
export const MAX_CODE_ATTEMPTS = 5;

const CODE_PATTERN = /^[0-9]{6}$/;

/**
 * `/otp` and `/otp-simple`: enter the six-digit code sent to the address in
 * the navigation state; without one, back to the matching request page.
 */
export function OtpVerifyPage({ variant }: { variant: CodeVariant }) {
  const location = useLocation();
  const email = emailFromState(location.state);
  if (!email) return <Navigate to={codePaths(variant).login} replace />;
  return <CodeForm variant={variant} email={email} />;
}

type Notice = 'codeSent' | null;

function CodeForm({ variant, email }: { variant: CodeVariant; email: string }) {
  const intl = useIntl();
  const tenant = useTenant();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [wrongAttempts, setWrongAttempts] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [signIn, { isLoading: signingIn }] = useSignInWithCodeMutation();
  const [requestCode, { isLoading: sending }] = useRequestCodeMutation();
  const { finish, state: finishState } = useFinishSignIn();
  const inputRef = useRef<HTMLInputElement>(null);
  const tooManyAttempts = wrongAttempts >= MAX_CODE_ATTEMPTS;

  const showFieldError = (message: string) => {
    setFieldError(message);
    inputRef.current?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    setFailure(null);
    const input = inputRef.current;
    if (input?.validity.valueMissing) {
      showFieldError(input.validationMessage || intl.formatMessage({ id: 'otp.code.required' }));
      return;
    }
    if (!CODE_PATTERN.test(code)) {
      showFieldError(intl.formatMessage({ id: 'otp.code.format' }));
      return;
    }
    if (tooManyAttempts) {
      showFieldError(intl.formatMessage({ id: 'otp.code.tooManyAttempts' }));
      return;
    }
    setFieldError(null);
    let result;
    try {
      result = await signIn({ email, code }).unwrap();
    } catch (error) {
      const normalized = normalizeError(error);
      if (normalized.statusCode === 400 && detailFor(normalized, 'code') !== null) {
        const attempts = wrongAttempts + 1;
        setWrongAttempts(attempts);
        showFieldError(
          intl.formatMessage({ id: attempts >= MAX_CODE_ATTEMPTS ? 'otp.code.tooManyAttempts' : 'otp.code.wrong' }),
        );
      } else {
        setFailure(error);
      }
      return;
    }
    await finish(result);
  };

  const sendNewCode = async () => {
    setNotice(null);
    setFailure(null);
    try {
      await requestCode({ variant, email }).unwrap();
    } catch (error) {
      setFailure(error);
      return;
    }
    setWrongAttempts(0);
    setFieldError(null);
    setCode('');
    setNotice('codeSent');
    inputRef.current?.focus();
  };

  const busy = signingIn || finishState.status === 'loading';

  return (
    <SignInCard title={intl.formatMessage({ id: 'otp.verify.title' })}>
      <Typography>
        <FormattedMessage
          id="otp.verify.lead"
          values={{ email: <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>, school: tenant.appName }}
        />
      </Typography>
      {notice === 'codeSent' ? (
        <Alert severity="success" role="status">
          <FormattedMessage id="otp.verify.newCodeSent" values={{ email }} />
        </Alert>
      ) : null}
      {failure ? <ErrorBox error={failure} message={intl.formatMessage({ id: 'otp.failed' })} /> : null}
      {finishState.status === 'userFailed' ? (
        <ErrorBox error={finishState.error} message={intl.formatMessage({ id: 'session.userFailed' })} />
      ) : null}
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
        <TextField
          inputRef={inputRef}
          label={intl.formatMessage({ id: 'otp.code.label' })}
          name="code"
          required
          fullWidth
          autoFocus
          value={code}
          onChange={(event) => {
            // Spaces come along when a code is copied from an e-mail.
            setCode(event.target.value.replace(/\s/g, ''));
            if (fieldError && !tooManyAttempts) setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError ?? intl.formatMessage({ id: 'otp.code.help' })}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]{6}',
              minLength: 6,
              maxLength: 6,
              autoComplete: 'one-time-code',
            },
          }}
          sx={{
            '& .MuiInputBase-input': { fontSize: '1.5rem', letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
          <FormattedMessage id="otp.verify.submit" />
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          <FormattedMessage id="otp.verify.noCode" />
        </Typography>
        <Button variant="outlined" size="large" onClick={() => void sendNewCode()} loading={sending}>
          <FormattedMessage id="otp.verify.resend" />
        </Button>
        <BackToLogin to={codePaths(variant).login} messageId="otp.verify.otherAddress" />
      </Stack>
    </SignInCard>
  );
}
