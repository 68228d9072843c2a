import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import { ATTENTION_TEXT } from '../colors';
import { daysUntil, dueDay } from '../deadlines';
import { todayIso } from '../mainForm';
import type { DeadlineStatus } from '../types';

const TEXT: Record<DeadlineStatus['state'], MessageId> = {
  open: 'deadline.open',
  overdue: 'deadline.overdue',
  onTime: 'deadline.onTime',
  late: 'deadline.late',
};

/**
 * A due date in the reader's language, e.g. "Frist 7. okt. (om 3 dagar)",
 * marked when it has passed without delivery; after delivery it says
 * whether that was on time or late.
 */
export function DueDate({ deadline, today = todayIso() }: { deadline: DeadlineStatus; today?: string }) {
  const intl = useIntl();
  const text = dueDateText(intl, deadline, today);
  const overdue = deadline.state === 'overdue';
  const Icon = overdue ? EventBusyIcon : EventIcon;
  return (
    <Typography
      component="span"
      variant="body2"
      data-deadline={deadline.state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontWeight: overdue ? 700 : 400,
        color: overdue ? ATTENTION_TEXT : deadline.state === 'late' ? 'warning.dark' : 'text.secondary',
      }}
    >
      <Icon aria-hidden fontSize="inherit" />
      {text}
    </Typography>
  );
}

/** The words of a due date, for labels that need them as text. */
export function dueDateText(intl: ReturnType<typeof useIntl>, deadline: DeadlineStatus, today: string = todayIso()): string {
  const date = intl.formatDate(dueDay(deadline.dueDate), { day: 'numeric', month: 'short' });
  const days = daysUntil(deadline.dueDate, today);
  // Our own plural messages rather than formatRelativeTime: the Unicode
  // locale data counts Nynorsk days in "døgn", where schools write "dagar".
  const relative =
    days >= 0
      ? intl.formatMessage({ id: 'deadline.daysLeft' }, { days })
      : intl.formatMessage({ id: 'deadline.daysAgo' }, { days: -days });
  return intl.formatMessage({ id: TEXT[deadline.state] }, { date, relative });
}
