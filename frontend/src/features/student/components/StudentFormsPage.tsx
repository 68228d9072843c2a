import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useSession } from '@/features/auth/SessionProvider';
import { useGetStudentProgressQuery, useGetStudentWarningQuery } from '@/features/placement/api/placementApi';
import { ClassLine } from '@/features/placement/components/ClassLine';
import { DueDate } from '@/features/placement/components/DueDate';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { assignmentFormName, visibleAssignments } from '@/features/placement/mainForm';
import { formPagePath, placementPaths } from '@/features/placement/paths';
import { halfName } from '@/features/placement/roles';
import type { Assignment, StudentClass, StudentProgress } from '@/features/placement/types';
import { SigningFormCard } from '@/features/signing/components/SigningFormCard';
import { useMyClasses } from '../useMyClasses';
import { ClassPdfs } from './ClassPdfs';
import { StudentSupervisors } from './StudentSupervisors';
import { StudentWarningSection, WarningNotice } from './StudentWarning';

/**
 * `/student/forms`: the forms of the student's class (the main form's
 * current half only, spec §9), supervisors, the signing form, and a warning
 * that stays on screen until the student has confirmed reading it.
 */
export function StudentFormsPage() {
  const intl = useIntl();
  const { current, isLoading, error, refetch } = useMyClasses();
  const title = intl.formatMessage({ id: 'student.forms.title' });

  if (isLoading) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  }
  if (error) {
    return (
      <Page title={title}>
        <LoadFailed error={error} message={intl.formatMessage({ id: 'student.classLoadFailed' })} retry={() => void refetch()} />
      </Page>
    );
  }
  // A student without a class starts on the home page (spec §2).
  if (!current) return <Navigate to={placementPaths.studentHome} replace />;
  return <FormsOfClass cls={current} title={title} />;
}

function FormsOfClass({ cls, title }: { cls: StudentClass; title: string }) {
  const intl = useIntl();
  const { user } = useSession();
  const target = { classId: cls.id, studentId: user.id };
  const warning = useGetStudentWarningQuery(target);
  const progress = useGetStudentProgressQuery(target);
  const sentWarning = warning.data?.submittedAt ? warning.data : null;
  const unconfirmed = sentWarning !== null && !sentWarning.studentConfirmedWarningAt;

  return (
    <>
      {unconfirmed ? (
        <WarningNotice />
      ) : null}
      <Page title={title} overline={<ClassLine cls={cls} />}>
        {warning.error ? (
          <LoadFailed
            error={warning.error}
            message={intl.formatMessage({ id: 'student.warning.loadFailed' })}
            retry={() => void warning.refetch()}
          />
        ) : null}

        {/* An unread warning comes first; once confirmed it stays below the forms. */}
        {sentWarning && unconfirmed ? <StudentWarningSection warning={sentWarning} target={target} /> : null}

        <Section title={intl.formatMessage({ id: 'student.forms.listTitle' })} description={cls.subject.name}>
          <FormList cls={cls} studentId={user.id} progress={progress.data} progressError={progress.error} />
        </Section>

        {sentWarning && !unconfirmed ? <StudentWarningSection warning={sentWarning} target={target} /> : null}

        <Section
          title={intl.formatMessage({ id: 'placement.supervisors.title' })}
          action={
            <Button
              component={RouterLink}
              to={placementPaths.studentInvite}
              variant={cls.supervisors.length > 0 ? 'outlined' : 'contained'}
              size="large"
              startIcon={<PersonAddAltOutlinedIcon aria-hidden />}
            >
              <FormattedMessage id={cls.supervisors.length > 0 ? 'student.inviteAnother' : 'student.invite'} />
            </Button>
          }
        >
          <StudentSupervisors classId={cls.id} studentId={user.id} supervisors={cls.supervisors} />
        </Section>

        <SigningFormCard role="Student" classId={cls.id} studentUserId={user.id} />

        <Section title={intl.formatMessage({ id: 'placement.pdf.title' })}>
          <ClassPdfs cls={cls} withHeading={false} />
        </Section>
      </Page>
    </>
  );
}

interface FormListProps {
  cls: StudentClass;
  studentId: number;
  progress: StudentProgress | undefined;
  progressError: unknown;
}

/** The forms to answer now; without a supervisor, opening one asks first (spec §4). */
function FormList({ cls, studentId, progress, progressError }: FormListProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const assignments = visibleAssignments(cls);
  const noSupervisor = cls.supervisors.length === 0;

  if (assignments.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="student.forms.none" />
      </EmptyState>
    );
  }

  return (
    <>
      {progressError ? (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          <FormattedMessage id="student.forms.progressFailed" />
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {assignments.map((assignment) => {
          const path = formPagePath('Student', {
            classId: cls.id,
            studentId,
            formId: assignment.formId,
            assignmentId: assignment.id,
          });
          const name = assignmentFormName(cls, assignment);
          return (
            <Paper component="li" key={assignment.id} variant="outlined" sx={{ p: 2 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>
                    {intl.formatMessage({ id: assignment.isMidSemester ? 'student.forms.mid' : 'student.forms.end' })}
                  </Typography>
                  <OwnProgress progress={progress} assignment={assignment} />
                </Box>
                <Button
                  component={RouterLink}
                  to={path}
                  variant="contained"
                  size="large"
                  sx={{ flexShrink: 0 }}
                  aria-label={intl.formatMessage(
                    { id: 'placement.forms.openNamed' },
                    { form: name, half: intl.formatMessage({ id: halfName(assignment.isMidSemester) }) },
                  )}
                  onClick={(event) => {
                    if (!noSupervisor) return;
                    event.preventDefault();
                    setPending(path);
                  }}
                >
                  <FormattedMessage id="placement.forms.open" />
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={intl.formatMessage({ id: 'student.noSupervisor.title' })}
        confirmLabel={intl.formatMessage({ id: 'student.noSupervisor.start' })}
        onConfirm={() => {
          const path = pending;
          setPending(null);
          if (path) void navigate(path);
        }}
        onClose={() => {
          setPending(null);
        }}
      >
        <Typography>
          <FormattedMessage id="student.noSupervisor.body" />
        </Typography>
        <Typography>
          <Link component={RouterLink} to={placementPaths.studentInvite}>
            <FormattedMessage id="student.noSupervisor.inviteLink" />
          </Link>
        </Typography>
      </ConfirmDialog>
    </>
  );
}

/** How far the student has come with an assignment. */
function OwnProgress({ progress, assignment }: { progress: StudentProgress | undefined; assignment: Assignment }) {
  const half = progress?.forms
    .find((form) => form.formId === assignment.formId)
    ?.halves.find((h) => h.assignmentId === assignment.id);
  if (!half) return null;
  const { answered, delivered, deadline } = half.student;
  return (
    <>
      <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {delivered ? <CheckCircleIcon aria-hidden fontSize="inherit" color="success" /> : null}
        <FormattedMessage
          id={delivered ? 'student.forms.delivered' : 'student.forms.answered'}
          values={{ answered, total: half.total }}
        />
      </Typography>
      {deadline ? (
        <Box sx={{ mt: 0.5 }}>
          <DueDate deadline={deadline} />
        </Box>
      ) : null}
    </>
  );
}
