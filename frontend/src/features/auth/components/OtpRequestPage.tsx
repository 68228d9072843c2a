import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { detailFor, normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useRequestCodeMutation } from '../authApi';
import { codePaths, emailFromState, type CodePageState } from '../paths';
import { rememberSignIn, signInParams } from '../signInStorage';
import type { CodeVariant } from '../types';
import { BackToLogin } from './BackToLogin';
import { SignInCard } from './SignInCard';

/**
 * `/login` and `/login-simple`: asks for an e-mail address and has a
 * one-time code sent to it, then goes on to the code page with the address.
 * The browser checks the field (required, an e-mail address) and its own
 * message is shown as the field's error.
 */
export function OtpRequestPage({ variant }: { variant: CodeVariant }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => emailFromState(location.state) ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [requestCode, { isLoading, error }] = useRequestCodeMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  // An invitation in the address is kept for after the code is entered.
  useEffect(() => rememberSignIn(signInParams(searchParams)), [searchParams]);

  const serverFieldError = error ? detailFor(normalizeError(error), 'email') : null;
  const shownFieldError = fieldError ?? serverFieldError;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputRef.current;
    if (input && !input.checkValidity()) {
      const fallback = input.validity.valueMissing ? 'otp.email.required' : 'otp.email.invalid';
      setFieldError(input.validationMessage || intl.formatMessage({ id: fallback }));
      input.focus();
      return;
    }
    setFieldError(null);
    const address = email.trim();
    try {
      await requestCode({ variant, email: address }).unwrap();
    } catch {
      inputRef.current?.focus();
      return;
    }
    const state: CodePageState = { email: address };
    void navigate(codePaths(variant).otp, { state });
  };

  return (
    <SignInCard title={intl.formatMessage({ id: 'otp.request.title' })}>
      <Typography>
        <FormattedMessage id={variant === 'simple' ? 'otp.request.leadSimple' : 'otp.request.lead'} />
      </Typography>
      {error && !serverFieldError ? (
        <ErrorBox error={error} message={intl.formatMessage({ id: 'otp.failed' })} />
      ) : null}
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
        <TextField
          inputRef={inputRef}
          label={intl.formatMessage({ id: 'otp.email.label' })}
          type="email"
          name="email"
          required
          fullWidth
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={shownFieldError !== null}
          helperText={shownFieldError ?? intl.formatMessage({ id: 'otp.email.help' })}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 320 } }}
          sx={{ '& .MuiInputBase-input': { fontSize: '1.125rem' } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
          <FormattedMessage id="otp.request.submit" />
        </Button>
      </Stack>
      <BackToLogin />
    </SignInCard>
  );
}
