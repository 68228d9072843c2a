import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import type { MessageId } from '@/i18n/messages';
import { useSigningFormat } from '../format';
import { signingFormPath } from '../paths';
import { useGetClassSigningStatusQuery } from '../signingApi';
import type { SigningStatusCode } from '../types';

const STATUS_TEXT: Record<SigningStatusCode, MessageId> = {
  noForm: 'signing.statusList.status.noForm',
  midNotConfirmed: 'signing.statusList.status.midNotConfirmed',
  endNotCompleted: 'signing.statusList.status.endNotCompleted',
  awaitingSignatures: 'signing.statusList.status.awaitingSignatures',
};

interface SigningStatusListProps {
  classId: number;
  /** The list's heading level on the page (default h2). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * For the teacher's class page: the students whose signing form waits for
 * someone, where it stands and whom it waits for, each a link to the form.
 * Locked forms are left out.
 */
export function SigningStatusList({ classId, headingLevel = 'h2' }: SigningStatusListProps) {
  const intl = useIntl();
  const format = useSigningFormat();
  const query = useGetClassSigningStatusQuery(classId);

  let body;
  if (query.isLoading) {
    body = <CircularProgress size={28} aria-label={intl.formatMessage({ id: 'signing.loading' })} />;
  } else if (query.error || !query.data) {
    body = (
      <ErrorBox
        error={query.error}
        message={intl.formatMessage({ id: 'signing.loadFailed' })}
        actions={
          <Button variant="outlined" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.retry" />
          </Button>
        }
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="signing.statusList.empty" />
      </Typography>
    );
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {query.data.map((row) => (
          <Box
            component="li"
            key={row.studentId}
            sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
          >
            <Link
              component={RouterLink}
              to={signingFormPath('Teacher', classId, row.studentId)}
              aria-label={intl.formatMessage({ id: 'signing.statusList.open' }, { name: row.displayName })}
              sx={{ fontWeight: 600, display: 'inline-block', py: 0.5, overflowWrap: 'anywhere' }}
            >
              {row.displayName}
            </Link>
            <Typography variant="body2">
              <FormattedMessage id={STATUS_TEXT[row.status]} />
              {row.waitingFor.length > 0 ? (
                <>
                  {' · '}
                  <FormattedMessage id="signing.statusList.waitingFor" values={{ parties: format.parties(row.waitingFor) }} />
                </>
              ) : null}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component={headingLevel} variant="h6" sx={{ mb: 1 }}>
        <FormattedMessage id="signing.statusList.title" />
      </Typography>
      {body}
    </Paper>
  );
}
