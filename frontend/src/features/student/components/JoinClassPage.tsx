import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { placementPaths } from '@/features/placement/paths';
import { useMyClasses } from '../useMyClasses';
import { JoinClassForm } from './JoinClassForm';

/** `/student/join-class`: choose the class to join; afterwards the forms. */
export function JoinClassPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { current, isLoading, error, refetch } = useMyClasses();
  const title = intl.formatMessage({ id: 'student.join.title' });

  return (
    <Page title={title} back={{ to: placementPaths.studentHome, label: intl.formatMessage({ id: 'placement.back.home' }) }}>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'student.classLoadFailed' })} retry={() => void refetch()} />
      ) : current ? (
        <EmptyState
          action={
            <Button component={RouterLink} to={placementPaths.studentForms} variant="contained" size="large">
              <FormattedMessage id="student.toForms" />
            </Button>
          }
        >
          <FormattedMessage
            id="student.join.already"
            values={{ code: current.subject.subjectCode, period: current.period.name }}
          />
        </EmptyState>
      ) : (
        <Section title={intl.formatMessage({ id: 'student.join.chooseTitle' })}>
          <Typography sx={{ mb: 2 }}>
            <FormattedMessage id="student.join.help" />
          </Typography>
          <JoinClassForm onJoined={() => void navigate(placementPaths.studentForms)} />
        </Section>
      )}
    </Page>
  );
}
