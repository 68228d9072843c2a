import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { getUnsent, subscribeUnsent } from './unsent';

/**
 * Says which changes the app could not send while their form was not open
 * (the same answer changed elsewhere, a locked form), with the server's
 * words and a link to the form, where the user sees both versions or the
 * reason. Nothing waiting on the device is ever dropped silently.
 */
export function UnsentNotice() {
  const unsent = useSyncExternalStore(subscribeUnsent, getUnsent, getUnsent);
  if (unsent.length === 0) return null;
  return (
    <Alert severity="warning" role="status" data-testid="unsent-notice" sx={{ mb: 2 }}>
      <AlertTitle>
        <FormattedMessage id="offline.unsent.title" />
      </AlertTitle>
      {unsent.map((set) => (
        <Typography key={set.key} sx={{ mt: 1 }}>
          <strong>{set.label}</strong>
          {': '}
          {set.kind === 'conflict' || !set.reason ? <FormattedMessage id="offline.unsent.conflict" /> : set.reason}{' '}
          <Link component={RouterLink} to={set.path}>
            <FormattedMessage id="offline.unsent.open" />
          </Link>
        </Typography>
      ))}
    </Alert>
  );
}
