import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { detailFor, normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useSession } from '@/features/auth/SessionProvider';
import { useGetMyInvitationQuery, useInviteSupervisorMutation } from '@/features/placement/api/placementApi';
import { ClassLine } from '@/features/placement/components/ClassLine';
import { LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { SupervisorBadges } from '@/features/placement/components/SupervisorBadges';
import { useFormatters } from '@/features/placement/format';
import { placementPaths } from '@/features/placement/paths';
import type { Invitation } from '@/features/placement/types';
import { useMyClasses } from '../useMyClasses';

/**
 * `/student/supervisor/invite`: the student's supervisors and invitation,
 * and a form that e-mails a supervisor an invitation (valid 3 days). On
 * success the student is back on the forms with a toast (spec §2).
 */
export function InviteSupervisorPage() {
  const intl = useIntl();
  const { current, isLoading, error, refetch } = useMyClasses();
  const title = intl.formatMessage({ id: 'student.invite.title' });
  const back = { to: placementPaths.studentForms, label: intl.formatMessage({ id: 'student.back.forms' }) };

  if (isLoading) {
    return (
      <Page title={title} back={back}>
        <Loading />
      </Page>
    );
  }
  if (error) {
    return (
      <Page title={title} back={back}>
        <LoadFailed error={error} message={intl.formatMessage({ id: 'student.classLoadFailed' })} retry={() => void refetch()} />
      </Page>
    );
  }
  if (!current) return <Navigate to={placementPaths.studentHome} replace />;

  return (
    <Page title={title} overline={<ClassLine cls={current} />} back={back}>
      <Section title={intl.formatMessage({ id: 'student.invite.current' })}>
        <SupervisorBadges
          supervisors={current.supervisors}
          emptyText={intl.formatMessage({ id: 'student.supervisors.none' })}
        />
        <Box sx={{ mt: 2 }}>
          <InvitationStatus />
        </Box>
      </Section>
      <Section title={intl.formatMessage({ id: 'student.invite.formTitle' })}>
        <InviteForm />
      </Section>
    </Page>
  );
}

function InvitationStatus() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useGetMyInvitationQuery();
  if (isLoading) return <Loading compact />;
  if (error) {
    return (
      <LoadFailed error={error} message={intl.formatMessage({ id: 'student.invite.statusFailed' })} retry={() => void refetch()} />
    );
  }
  if (!data) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="student.invite.noInvitation" />
      </Typography>
    );
  }
  return <InvitationLine invitation={data} />;
}

/** "Sendt til x, gyldig til …" or "Utløpt …" (spec §4). */
function InvitationLine({ invitation }: { invitation: Invitation }) {
  const format = useFormatters();
  const values = { email: <strong style={{ overflowWrap: 'anywhere' }}>{invitation.email}</strong>, when: format.moment(invitation.expiresAtUtc) };
  if (invitation.status === 'accepted') {
    return (
      <Alert severity="success">
        <FormattedMessage
          id="student.invite.status.accepted"
          values={{ ...values, when: invitation.acceptedAt ? format.moment(invitation.acceptedAt) : '' }}
        />
      </Alert>
    );
  }
  const expired = invitation.status === 'expired';
  return (
    <Alert severity={expired ? 'warning' : 'info'}>
      <AlertTitle>
        <FormattedMessage id={expired ? 'student.invite.label.expired' : 'student.invite.label.sent'} />
      </AlertTitle>
      <FormattedMessage id={expired ? 'student.invite.status.expired' : 'student.invite.status.sent'} values={values} />
    </Alert>
  );
}

function InviteForm() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const [invite, { isLoading, error, reset }] = useInviteSupervisorMutation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email');
    const address = email.trim();
    if (input instanceof HTMLInputElement && !input.checkValidity()) {
      setFieldError(input.validationMessage || intl.formatMessage({ id: 'student.invite.emailInvalid' }));
      input.focus();
      return;
    }
    if (address.toLowerCase() === user.email.toLowerCase()) {
      setFieldError(intl.formatMessage({ id: 'student.invite.notYourself' }));
      return;
    }
    try {
      const sent = await invite(address).unwrap();
      toast.show('student.invite.sent', 'success', { email: sent.email });
      void navigate(placementPaths.studentForms);
    } catch (failure) {
      const detail = detailFor(normalizeError(failure), 'email');
      if (detail) setFieldError(detail);
    }
  };

  const showBox = error && !detailFor(normalizeError(error), 'email');

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2.5}>
        <Typography>
          <FormattedMessage id="student.invite.help" />
        </Typography>
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage({ id: 'student.invite.email' })}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
            reset();
          }}
          required
          fullWidth
          autoComplete="off"
          error={fieldError !== null}
          helperText={fieldError ?? intl.formatMessage({ id: 'student.invite.emailHelp' })}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, maxLength: 320 } }}
        />
        {showBox ? <ErrorBox error={error} message={intl.formatMessage({ id: 'student.invite.failed' })} /> : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isLoading}
            startIcon={<SendOutlinedIcon aria-hidden />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            <FormattedMessage id="student.invite.submit" />
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
