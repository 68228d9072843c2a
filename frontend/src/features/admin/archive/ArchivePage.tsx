import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetUndeliveredQuery } from '../api/archiveApi';
import { AdminPage } from '../components/AdminPage';
import { adminPaths } from '../paths';
import { DeliveryList } from './DeliveryList';

/** `/admin/archive`: archived results not yet delivered to the school's archive, with a way to send them again. */
export function ArchivePage() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useGetUndeliveredQuery();
  return (
    <AdminPage title={intl.formatMessage({ id: 'admin.archive.title' })}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>
        <FormattedMessage id="admin.archive.intro" />
      </Typography>
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {data?.enabled === false ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          <FormattedMessage
            id="admin.archive.off"
            values={{
              link: (chunks) => (
                <Link component={RouterLink} to={adminPaths.texts}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </Alert>
      ) : null}
      {data?.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.archive.empty" />
        </Typography>
      ) : null}
      {data && data.results.length > 0 ? <DeliveryList results={data.results} enabled={data.enabled} linkStudents /> : null}
    </AdminPage>
  );
}
