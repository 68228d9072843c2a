import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { CalendarSettings } from '@/features/calendar/CalendarSettings';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { MyReminders } from '@/features/reminders/MyReminders';
import { DataCopies } from './DataCopies';

/**
 * `/my-data`: a copy of everything the school holds about the signed-in
 * person, as a readable PDF and a JSON file (the right of access), and
 * the person's private calendar address.
 */
export function MyDataPage() {
  const intl = useIntl();
  const tenant = useTenant();
  const title = intl.formatMessage({ id: 'personalData.page.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);
  return (
    <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>
        <FormattedMessage id="personalData.page.intro" values={{ school: tenant.appName }} />
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <DataCopies owner="me" />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <MyReminders />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <CalendarSettings />
      </Paper>
    </Container>
  );
}
