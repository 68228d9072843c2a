import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReminderChoices } from '@/api/types';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useToast } from '@/components/toast/useToast';
import type { MessageId } from '@/i18n/messages';
import { useGetMyRemindersQuery, useSaveMyRemindersMutation } from './remindersApi';

const KINDS: { key: keyof ReminderChoices; label: MessageId }[] = [
  { key: 'before', label: 'reminders.mine.before' },
  { key: 'overdue', label: 'reminders.mine.overdue' },
  { key: 'digest', label: 'reminders.mine.digest' },
];

/** The signed-in person's deadline reminders, a switch per kind, each saved at once. */
export function MyReminders() {
  const intl = useIntl();
  const toast = useToast();
  const { data, error, isLoading, refetch } = useGetMyRemindersQuery();
  const [save, saving] = useSaveMyRemindersMutation();
  return (
    <section aria-labelledby="my-reminders-heading">
      <Typography variant="h2" id="my-reminders-heading" sx={{ mb: 1 }}>
        <FormattedMessage id="reminders.mine.heading" />
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch', color: 'text.secondary' }}>
        <FormattedMessage id="reminders.mine.intro" />
      </Typography>
      {isLoading ? <Loading /> : null}
      {error ? <LoadFailed error={error} message={intl.formatMessage({ id: 'reminders.mine.loadFailed' })} retry={() => void refetch()} /> : null}
      {data ? (
        <FormGroup>
          {KINDS.map((k) => (
            <FormControlLabel
              key={k.key}
              control={
                <Switch
                  checked={data[k.key]}
                  disabled={saving.isLoading}
                  onChange={(event) => {
                    save({ ...data, [k.key]: event.target.checked })
                      .unwrap()
                      .then(toast.saved, toast.error);
                  }}
                />
              }
              label={intl.formatMessage({ id: k.label })}
            />
          ))}
        </FormGroup>
      ) : null}
    </section>
  );
}
