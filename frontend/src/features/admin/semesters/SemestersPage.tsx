import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { hasStatus } from '@/api/errors';
import type { MessageId } from '@/i18n/messages';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useGetNextPeriodQuery, useGetPeriodsQuery } from '../api/semestersApi';
import { AdminPage } from '../components/AdminPage';
import { formatDay } from '../dates';
import { adminPaths } from '../paths';
import type { Period, PeriodStatus } from '../types';
import { NextSemesterDialog } from './NextSemesterDialog';

/** Headings and status labels, by status. */
export const STATUS_MESSAGES: Record<PeriodStatus, { heading: MessageId; label: MessageId }> = {
  current: { heading: 'admin.semesters.currentHeading', label: 'admin.semesters.status.current' },
  future: { heading: 'admin.semesters.futureHeading', label: 'admin.semesters.status.future' },
  previous: { heading: 'admin.semesters.previousHeading', label: 'admin.semesters.status.previous' },
};

const ORDER: PeriodStatus[] = ['current', 'future', 'previous'];

/**
 * `/admin/semesters`: the current, next and previous semesters (status from
 * the server) and the button that creates the next one, disabled with the
 * reason when a future semester exists.
 */
export function SemestersPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const reasonId = useId();
  const createButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const periods = useGetPeriodsQuery();
  const next = useGetNextPeriodQuery();
  const futureExists = hasStatus(next.error, 409);
  const canCreate = Boolean(next.data) && !next.isFetching;

  return (
    <AdminPage
      title={intl.formatMessage({ id: 'admin.semesters.title' })}
      actions={
        <Box sx={{ maxWidth: '22rem' }}>
          <Button
            ref={createButton}
            variant="contained"
            startIcon={<AddIcon aria-hidden />}
            disabled={!canCreate}
            onClick={() => setOpen(true)}
            aria-describedby={futureExists ? reasonId : undefined}
            loading={next.isLoading}
          >
            <FormattedMessage id="admin.semesters.create" />
          </Button>
        </Box>
      }
    >
      {futureExists ? (
        <Alert severity="info" id={reasonId} sx={{ mb: 3 }}>
          <FormattedMessage id="admin.semesters.futureExists" />
        </Alert>
      ) : null}
      {next.error && !futureExists ? (
        <Box sx={{ mb: 3 }}>
          <LoadFailed error={next.error} message={intl.formatMessage({ id: 'admin.semesters.nextFailed' })} retry={() => void next.refetch()} />
        </Box>
      ) : null}
      {periods.isLoading ? <Loading /> : null}
      {periods.error ? (
        <LoadFailed
          error={periods.error}
          message={intl.formatMessage({ id: 'admin.semesters.loadFailed' })}
          retry={() => void periods.refetch()}
        />
      ) : null}
      {periods.data?.length === 0 ? (
        <EmptyState centered>
          <FormattedMessage id="admin.semesters.empty" />
        </EmptyState>
      ) : null}
      {periods.data && periods.data.length > 0 ? (
        <Stack spacing={4}>
          {ORDER.map((status) => (
            <PeriodSection key={status} status={status} periods={periods.data?.filter((p) => p.status === status) ?? []} />
          ))}
        </Stack>
      ) : null}
      {open && next.data ? (
        <NextSemesterDialog
          proposal={next.data}
          onClose={() => {
            setOpen(false);
            createButton.current?.focus();
          }}
          onCreated={(period) => {
            setOpen(false);
            void navigate(adminPaths.semester(period.id));
          }}
        />
      ) : null}
    </AdminPage>
  );
}

function PeriodSection({ status, periods }: { status: PeriodStatus; periods: Period[] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1.5 }}>
        <FormattedMessage id={STATUS_MESSAGES[status].heading} />
      </Typography>
      {periods.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.semesters.noneWithStatus" />
        </Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {periods.map((period, index) => (
              <ListItem key={period.id} disablePadding divider={index < periods.length - 1}>
                <ListItemButton component={RouterLink} to={adminPaths.semester(period.id)} sx={{ minHeight: 64, gap: 2 }}>
                  <ListItemText
                    primary={period.name}
                    secondary={intl.formatMessage(
                      { id: 'admin.semesters.dates' },
                      { start: formatDay(intl, period.startDate), end: formatDay(intl, period.endDate) },
                    )}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  <Chip
                    size="small"
                    label={intl.formatMessage({ id: STATUS_MESSAGES[period.status].label })}
                    color={period.status === 'current' ? 'primary' : 'default'}
                    variant={period.status === 'current' ? 'filled' : 'outlined'}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
