import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGetAuditTrailQuery, type StudentInClass } from '../api/placementApi';
import { useFormatters } from '../format';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';

/** The student's audit trail, newest first: when, what, and who (teachers only). */
export function AuditTrail({ target }: { target: StudentInClass }) {
  const intl = useIntl();
  const format = useFormatters();
  const { data, error, isLoading, refetch } = useGetAuditTrailQuery(target);
  if (isLoading) return <Loading compact />;
  if (error || !data) {
    return (
      <LoadFailed
        error={error}
        message={intl.formatMessage({ id: 'placement.audit.loadFailed' })}
        retry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="placement.audit.empty" />
      </EmptyState>
    );
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '13rem 1fr' },
            columnGap: 2,
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0, pt: 0 },
          }}
        >
          <Typography component="time" dateTime={entry.occurredAt} variant="body2" sx={{ color: 'text.secondary' }}>
            {format.moment(entry.occurredAt)}
          </Typography>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{entry.label}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {entry.actorName
                ? intl.formatMessage({ id: 'placement.audit.by' }, { name: entry.actorName, role: entry.actorRole })
                : intl.formatMessage({ id: 'placement.audit.system' })}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
