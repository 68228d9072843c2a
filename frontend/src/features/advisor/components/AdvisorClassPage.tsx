import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { useToast } from '@/components/toast/useToast';
import { useGetAdvisorHomeQuery, useTakeStudentMutation } from '@/features/placement/api/placementApi';
import { ClassFacts } from '@/features/placement/components/ClassFacts';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { idParam, placementPaths } from '@/features/placement/paths';
import type { AdvisorClass, PersonRef } from '@/features/placement/types';
import { AdvisorStudentCard } from './AdvisorStudentCard';

/**
 * `/advisor/class/:classId`: the supervisor's students in the class, and the
 * class's other students, whom the supervisor can take on ("add to me").
 */
export function AdvisorClassPage() {
  const intl = useIntl();
  const classId = idParam(useParams().classId);
  const { data, error, isLoading, refetch } = useGetAdvisorHomeQuery();
  const back = { to: placementPaths.advisorHome, label: intl.formatMessage({ id: 'placement.back.home' }) };
  const title = intl.formatMessage({ id: 'advisor.class.title' });

  if (isLoading) {
    return (
      <Page title={title} back={back}>
        <Loading />
      </Page>
    );
  }
  if (error || !data) {
    return (
      <Page title={title} back={back}>
        <LoadFailed error={error} message={intl.formatMessage({ id: 'advisor.home.loadFailed' })} retry={() => void refetch()} />
      </Page>
    );
  }
  const cls = data.find((c) => c.id === classId);
  if (!cls) {
    return (
      <Page title={title} back={back}>
        <EmptyState>
          <FormattedMessage id="advisor.class.notFound" />
        </EmptyState>
      </Page>
    );
  }
  return <ClassContent cls={cls} />;
}

function ClassContent({ cls }: { cls: AdvisorClass }) {
  const intl = useIntl();
  return (
    <Page
      title={cls.subject.name}
      overline={intl.formatMessage({ id: 'placement.classLine' }, { code: cls.subject.subjectCode, period: cls.period.name })}
      back={{ to: placementPaths.advisorHome, label: intl.formatMessage({ id: 'placement.back.home' }) }}
    >
      <Section title={intl.formatMessage({ id: 'advisor.class.mine' })}>
        {cls.students.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="advisor.class.noneMine" />
          </EmptyState>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cls.students.map((student) => (
              <AdvisorStudentCard key={student.id} cls={cls} student={student} />
            ))}
          </Stack>
        )}
      </Section>
      <Section
        title={intl.formatMessage({ id: 'advisor.class.others' })}
        description={intl.formatMessage({ id: 'advisor.class.othersHelp' })}
      >
        {cls.otherStudents.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="advisor.class.noOthers" />
          </EmptyState>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cls.otherStudents.map((student) => (
              <OtherStudent key={student.id} classId={cls.id} student={student} />
            ))}
          </Stack>
        )}
      </Section>
      <Section title={intl.formatMessage({ id: 'teacher.class.about' })}>
        <ClassFacts cls={cls} />
      </Section>
    </Page>
  );
}

function OtherStudent({ classId, student }: { classId: number; student: PersonRef }) {
  const intl = useIntl();
  const toast = useToast();
  const [take, { isLoading }] = useTakeStudentMutation();
  const add = async () => {
    try {
      await take({ classId, studentId: student.id }).unwrap();
      toast.show('advisor.class.taken', 'success', { name: student.displayName });
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'space-between',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Link component={RouterLink} to={placementPaths.studentPage('Advisor', classId, student.id)} sx={{ fontWeight: 600 }}>
        {student.displayName}
      </Link>
      <Button
        variant="outlined"
        size="large"
        startIcon={<PersonAddAlt1OutlinedIcon aria-hidden />}
        loading={isLoading}
        onClick={() => void add()}
        aria-label={intl.formatMessage({ id: 'advisor.class.takeNamed' }, { name: student.displayName })}
      >
        <FormattedMessage id="advisor.class.take" />
      </Button>
    </Box>
  );
}

