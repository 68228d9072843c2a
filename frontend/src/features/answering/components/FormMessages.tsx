import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { StatusMessage } from '@/components/StatusMessage';
import { roleOfPath, rolePath } from '@/features/auth/roles';

/** The home of the role whose pages are shown, else the start page. */
function useHomePath(): string {
  const role = roleOfPath(useLocation().pathname);
  return role ? rolePath(role) : '/';
}

function HomeButton() {
  return (
    <Button component={RouterLink} to={useHomePath()} variant="contained" size="large">
      <FormattedMessage id="notFound.home" />
    </Button>
  );
}

/** The form, or the assignment in the address, does not exist (spec §8: form not found). */
export function FormNotFound() {
  const intl = useIntl();
  return (
    <StatusMessage title={intl.formatMessage({ id: 'answering.formNotFound.title' })} actions={<HomeButton />}>
      <Typography>
        <FormattedMessage id="answering.formNotFound.body" />
      </Typography>
    </StatusMessage>
  );
}

/** The form has no question groups to answer (spec §8: no form groups). */
export function NoFormGroups({ formName }: { formName?: string }) {
  const intl = useIntl();
  return (
    <StatusMessage title={intl.formatMessage({ id: 'answering.noFormGroups.title' })} actions={<HomeButton />}>
      {formName ? <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{formName}</Typography> : null}
      <Typography>
        <FormattedMessage id="answering.noFormGroups.body" />
      </Typography>
    </StatusMessage>
  );
}

/** The form or the answers could not be loaded (other than not found). */
export function FormLoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const intl = useIntl();
  return (
    <StatusMessage
      title={intl.formatMessage({ id: 'answering.loadFailed' })}
      actions={
        <>
          <Button variant="contained" size="large" onClick={retry}>
            <FormattedMessage id="common.retry" />
          </Button>
          <HomeButton />
        </>
      }
    >
      <ErrorBox error={error} />
    </StatusMessage>
  );
}

/** Loading the form: a labelled progress indicator inside the page. */
export function FormLoading() {
  const intl = useIntl();
  return (
    <Container maxWidth="md" aria-busy="true">
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
      </Box>
    </Container>
  );
}
