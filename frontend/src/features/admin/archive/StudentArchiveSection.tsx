import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { Loading } from '@/components/Feedback';
import { useGetStudentDeliveriesQuery } from '../api/archiveApi';
import { DeliveryList } from './DeliveryList';

/** On a student's page: their archived results and where each stands in the school's archive. */
export function StudentArchiveSection({ studentId }: { studentId: number }) {
  const intl = useIntl();
  const headingId = useId();
  const { data, error, isLoading } = useGetStudentDeliveriesQuery(studentId);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        <FormattedMessage id="admin.archive.studentHeading" />
      </Typography>
      {isLoading ? <Loading /> : null}
      {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} /> : null}
      {data?.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.archive.studentEmpty" />
        </Typography>
      ) : null}
      {data && data.results.length > 0 ? <DeliveryList results={data.results} enabled={data.enabled} /> : null}
    </Paper>
  );
}
