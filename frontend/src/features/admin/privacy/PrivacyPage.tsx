import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGetRetentionQuery } from '@/features/personalData/personalDataApi';
import { LoadFailed, Loading } from '@/components/Feedback';
import { AdminPage } from '../components/AdminPage';
import { ProcessingRecord } from './ProcessingRecord';
import { RetentionEditor } from './RetentionEditor';

/** `/admin/privacy`: how long the school keeps personal data, and its record of processing. */
export function PrivacyPage() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useGetRetentionQuery();
  return (
    <AdminPage title={intl.formatMessage({ id: 'admin.privacy.title' })}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>
        <FormattedMessage id="admin.privacy.intro" />
      </Typography>
      <Stack spacing={3}>
        {isLoading ? <Loading /> : null}
        {error ? (
          <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void refetch()} />
        ) : null}
        {data ? <RetentionEditor key={JSON.stringify(data)} policy={data} /> : null}
        <ProcessingRecord />
      </Stack>
    </AdminPage>
  );
}
