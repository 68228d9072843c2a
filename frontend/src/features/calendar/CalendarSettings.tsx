import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetCalendarStatusQuery, useRenewCalendarMutation } from './calendarApi';

/**
 * The person's private calendar address: made (or made anew, which stops
 * the old one) here, and shown once, since the server keeps only a hash
 * of its secret.
 */
export function CalendarSettings() {
  const intl = useIntl();
  const status = useGetCalendarStatusQuery();
  const [renew, renewal] = useRenewCalendarMutation();
  const address = renewal.data ? new URL(renewal.data.path, window.location.origin).toString() : null;

  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        <FormattedMessage id="calendar.settings.title" />
      </Typography>
      <Typography sx={{ maxWidth: '70ch' }}>
        <FormattedMessage id="calendar.settings.intro" />
      </Typography>
      {status.isLoading ? (
        <Loading />
      ) : status.error ? (
        <LoadFailed
          error={status.error}
          message={intl.formatMessage({ id: 'calendar.settings.loadFailed' })}
          retry={() => void status.refetch()}
        />
      ) : (
        <>
          {status.data?.active && status.data.createdAt && !address ? (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage
                id="calendar.settings.active"
                values={{ date: intl.formatDate(status.data.createdAt, { day: 'numeric', month: 'long', year: 'numeric' }) }}
              />
            </Typography>
          ) : null}
          {address ? (
            <Stack spacing={1}>
              <TextField
                label={intl.formatMessage({ id: 'calendar.settings.address' })}
                value={address}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-address' } }}
                onFocus={(event) => event.target.select()}
                fullWidth
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="calendar.settings.shownOnce" />
              </Typography>
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<ContentCopyIcon aria-hidden />}
                  onClick={() => void navigator.clipboard.writeText(address)}
                >
                  <FormattedMessage id="calendar.settings.copy" />
                </Button>
              </Box>
            </Stack>
          ) : null}
          {renewal.error ? <ErrorBox error={renewal.error} message={intl.formatMessage({ id: 'calendar.settings.failed' })} /> : null}
          <Box>
            <Button
              variant={status.data?.active ? 'outlined' : 'contained'}
              size="large"
              startIcon={<EventIcon aria-hidden />}
              disabled={renewal.isLoading}
              onClick={() => void renew()}
            >
              <FormattedMessage id={status.data?.active ? 'calendar.settings.renew' : 'calendar.settings.make'} />
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}
