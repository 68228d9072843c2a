import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/features/auth/SessionProvider';
import { useGetAdvisorHomeQuery } from '@/features/placement/api/placementApi';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { placementPaths } from '@/features/placement/paths';
import { AdvisorStudentCard } from './AdvisorStudentCard';

/**
 * `/advisor`: the supervisor's classes, newest first, each with the
 * supervisor's own students one tap from their form.
 */
export function AdvisorHomePage() {
  const intl = useIntl();
  const { user } = useSession();
  const { data, error, isLoading, refetch } = useGetAdvisorHomeQuery();

  return (
    <Page
      title={intl.formatMessage({ id: 'home.greeting' }, { name: user.displayName })}
      overline={intl.formatMessage({ id: 'role.Advisor.title' })}
    >
      <Typography sx={{ fontSize: '1.0625rem', maxWidth: '60ch' }}>
        <FormattedMessage id="home.Advisor.intro" />
      </Typography>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'advisor.home.loadFailed' })} retry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="advisor.home.noClasses" />
        </EmptyState>
      ) : (
        data.map((cls) => (
          <Section
            key={cls.id}
            title={intl.formatMessage({ id: 'student.join.option' }, { code: cls.subject.subjectCode, name: cls.subject.name })}
            description={cls.period.name}
          >
            <Stack spacing={2}>
              {cls.students.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>
                  <FormattedMessage id="advisor.home.noStudents" />
                </Typography>
              ) : (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {cls.students.map((student) => (
                    <AdvisorStudentCard key={student.id} cls={cls} student={student} />
                  ))}
                </Stack>
              )}
              <Link component={RouterLink} to={placementPaths.classPage('Advisor', cls.id)} sx={{ fontWeight: 600, minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
                <FormattedMessage
                  id={cls.otherStudents.length > 0 ? 'advisor.home.classLinkOthers' : 'advisor.home.classLink'}
                  values={{ count: cls.otherStudents.length }}
                />
              </Link>
            </Stack>
          </Section>
        ))
      )}
    </Page>
  );
}
