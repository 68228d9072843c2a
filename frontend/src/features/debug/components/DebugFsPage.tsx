import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorDescriptions, hasStatus, normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import type { MessageId } from '@/i18n/messages';
import { useGetFeideGroupsQuery, useGetFeideInfoQuery, useGetMembershipsQuery, type Membership } from '../debugApi';

/**
 * `/debug/fs`: what the server learnt from the user's last Feide sign-in:
 * the userinfo claims, the Feide groups and the course memberships read from
 * them. For finding out why a student is not offered the right class.
 */
export function DebugFsPage() {
  const intl = useIntl();
  const tenant = useTenant();
  const title = intl.formatMessage({ id: 'debug.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);
  const info = useGetFeideInfoQuery();
  const groups = useGetFeideGroupsQuery();
  const memberships = useGetMembershipsQuery();

  return (
    <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>
        <FormattedMessage id="debug.lead" />
      </Typography>
      <Stack spacing={3}>
        <Section titleId="debug.memberships">
          {memberships.data ? (
            <MembershipTable memberships={memberships.data} />
          ) : (
            <Pending isLoading={memberships.isLoading} error={memberships.error} />
          )}
        </Section>
        <Section titleId="debug.feideInfo">
          {info.data ? (
            <Json value={info.data} labelId="debug.feideInfo" />
          ) : hasStatus(info.error, 404) ? (
            <Alert severity="info">{errorDescriptions(normalizeError(info.error))[0]}</Alert>
          ) : (
            <Pending isLoading={info.isLoading} error={info.error} />
          )}
        </Section>
        <Section titleId="debug.groups">
          {groups.data ? (
            groups.data.length > 0 ? (
              <Json value={groups.data} labelId="debug.groups" />
            ) : (
              <Typography>
                <FormattedMessage id="debug.none" />
              </Typography>
            )
          ) : (
            <Pending isLoading={groups.isLoading} error={groups.error} />
          )}
        </Section>
      </Stack>
    </Container>
  );
}

function Section({ titleId, children }: { titleId: MessageId; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1.5 }}>
        <FormattedMessage id={titleId} />
      </Typography>
      {children}
    </Paper>
  );
}

function Pending({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  const intl = useIntl();
  if (error) return <ErrorBox error={error} />;
  if (isLoading) return <CircularProgress size={28} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  return null;
}

/** Raw data, scrollable and reachable by keyboard. */
function Json({ value, labelId }: { value: unknown; labelId: MessageId }) {
  const intl = useIntl();
  return (
    <Box
      component="pre"
      tabIndex={0}
      role="region"
      aria-label={intl.formatMessage({ id: 'debug.raw' }, { section: intl.formatMessage({ id: labelId }) })}
      sx={{
        m: 0,
        p: 2,
        maxHeight: 420,
        overflow: 'auto',
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

function MembershipTable({ memberships }: { memberships: Membership[] }) {
  const intl = useIntl();
  if (memberships.length === 0) {
    return (
      <Typography>
        <FormattedMessage id="debug.none" />
      </Typography>
    );
  }
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={intl.formatMessage({ id: 'debug.table' }, { section: intl.formatMessage({ id: 'debug.memberships' }) })}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="debug.subjectCode" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="debug.name" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="debug.realm" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="debug.roles" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="debug.active" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {memberships.map((membership) => (
            <TableRow key={membership.groupId}>
              <TableCell>{`${membership.subjectCode} (${membership.version})`}</TableCell>
              <TableCell>{membership.displayName}</TableCell>
              <TableCell>{membership.realm}</TableCell>
              <TableCell>{membership.roles.join(', ')}</TableCell>
              <TableCell>
                <FormattedMessage id={membership.active ? 'common.yes' : 'common.no'} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
