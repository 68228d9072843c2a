import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/features/auth/SessionProvider';
import { ClassFacts } from '@/features/placement/components/ClassFacts';
import { LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { placementPaths } from '@/features/placement/paths';
import { useMyClasses } from '../useMyClasses';
import { ClassPdfs } from './ClassPdfs';
import { JoinClassForm } from './JoinClassForm';
import { StudentSupervisors } from './StudentSupervisors';

/**
 * `/student`: a greeting, the student's class with its dates, teacher and
 * supervisors; the classes to join when the student has none; and the PDFs
 * of each of the student's classes.
 */
export function StudentHomePage() {
  const intl = useIntl();
  const { user } = useSession();
  const { classes, current, isLoading, error, refetch } = useMyClasses();

  return (
    <Page
      title={intl.formatMessage({ id: 'home.greeting' }, { name: user.displayName })}
      overline={intl.formatMessage({ id: 'role.Student.title' })}
    >
      <Typography sx={{ fontSize: '1.0625rem', maxWidth: '60ch' }}>
        <FormattedMessage id="home.Student.intro" />
      </Typography>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <LoadFailed
          error={error}
          message={intl.formatMessage({ id: 'student.classLoadFailed' })}
          retry={() => void refetch()}
        />
      ) : current ? (
        <Section
          title={intl.formatMessage({ id: 'student.myClass.title' })}
          description={intl.formatMessage(
            { id: 'student.myClass.subject' },
            { code: current.subject.subjectCode, name: current.subject.name },
          )}
        >
          <Stack spacing={2.5}>
            <ClassFacts cls={current} />
            <Typography>
              {current.teacher ? (
                <FormattedMessage id="placement.student.teacher" values={{ name: current.teacher.displayName }} />
              ) : (
                <FormattedMessage id="student.noTeacher" />
              )}
            </Typography>
            <Box>
              <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                <FormattedMessage id="placement.supervisors.title" />
              </Typography>
              <StudentSupervisors classId={current.id} studentId={user.id} supervisors={current.supervisors} />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                component={RouterLink}
                to={placementPaths.studentForms}
                variant="contained"
                size="large"
                endIcon={<ArrowForwardIcon aria-hidden />}
              >
                <FormattedMessage id="student.toForms" />
              </Button>
              <Button
                component={RouterLink}
                to={placementPaths.studentInvite}
                variant="outlined"
                size="large"
                startIcon={<PersonAddAltOutlinedIcon aria-hidden />}
              >
                <FormattedMessage id={current.supervisors.length > 0 ? 'student.inviteAnother' : 'student.invite'} />
              </Button>
              <Button component={RouterLink} to={placementPaths.studentProgress} variant="outlined" size="large">
                <FormattedMessage id="student.progressLink" />
              </Button>
            </Stack>
          </Stack>
        </Section>
      ) : (
        <Section title={intl.formatMessage({ id: 'student.join.title' })}>
          <Stack spacing={2.5}>
            <Alert severity="info">
              <FormattedMessage id="student.noClass" />
            </Alert>
            <JoinClassForm />
          </Stack>
        </Section>
      )}
      {classes.length > 0 ? (
        <Section title={intl.formatMessage({ id: 'placement.pdf.title' })} description={intl.formatMessage({ id: 'student.pdfs.help' })}>
          <Stack spacing={2.5}>
            {classes.map((cls) => (
              <ClassPdfs key={cls.id} cls={cls} withHeading />
            ))}
          </Stack>
        </Section>
      ) : null}
    </Page>
  );
}
