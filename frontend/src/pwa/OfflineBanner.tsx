import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import { FormattedMessage } from 'react-intl';
import { useOnline } from './useOnline';

/**
 * Says, while the device has no connection, that the pages show what was
 * last fetched and that what is written waits on the device.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" icon={<CloudOffIcon />} role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      <FormattedMessage id="offline.banner" />
    </Alert>
  );
}
