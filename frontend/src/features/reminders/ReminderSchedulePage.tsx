import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReminderSchedule } from '@/api/types';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useToast } from '@/components/toast/useToast';
import { AdminPage } from '@/features/admin/components/AdminPage';
import { fieldErrors, onlyFieldErrors } from '@/features/admin/errors';
import { useGetReminderScheduleQuery, useSaveReminderScheduleMutation } from './remindersApi';

/** Reads "3, 1" as days; anything that is not a whole number is left for the server to name. */
const daysOf = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map(Number);

/** The editor, keyed by the saved schedule so a new one starts a fresh draft. */
function ScheduleEditor({ schedule }: { schedule: ReminderSchedule }) {
  const intl = useIntl();
  const toast = useToast();
  const [days, setDays] = useState(schedule.daysBefore.join(', '));
  const [overdue, setOverdue] = useState(schedule.overdue);
  const [save, saving] = useSaveReminderScheduleMutation();
  const errors = fieldErrors(saving.error);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save({ daysBefore: daysOf(days), overdue })
      .unwrap()
      .then(toast.saved, (error: unknown) => {
        if (!onlyFieldErrors(error, ['daysBefore'])) toast.error(error);
      });
  };

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
        <TextField
          name="daysBefore"
          label={intl.formatMessage({ id: 'reminders.schedule.daysBefore' })}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={Boolean(errors.daysBefore)}
          helperText={errors.daysBefore ?? intl.formatMessage({ id: 'reminders.schedule.daysBeforeHelp' })}
        />
        <FormControlLabel
          control={<Checkbox checked={overdue} onChange={(event) => setOverdue(event.target.checked)} />}
          label={intl.formatMessage({ id: 'reminders.schedule.overdue' })}
        />
        <Button type="submit" variant="contained" size="large" loading={saving.isLoading} sx={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="admin.common.save" />
        </Button>
      </Stack>
    </Paper>
  );
}

/** `/admin/reminders`: when the school's deadline reminders go. */
export function ReminderSchedulePage() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useGetReminderScheduleQuery();
  return (
    <AdminPage title={intl.formatMessage({ id: 'reminders.schedule.title' })}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>
        <FormattedMessage id="reminders.schedule.intro" />
      </Typography>
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {data ? <ScheduleEditor key={JSON.stringify(data)} schedule={data} /> : null}
    </AdminPage>
  );
}
