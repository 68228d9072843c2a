import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import {
  useGetAdvisorHomeQuery,
  useGetClassStudentsQuery,
  useGetPlacementClassQuery,
  useGetStudentProgressQuery,
  useGetStudentWarningQuery,
} from '../api/placementApi';
import { SigningFormCard } from '@/features/signing/components/SigningFormCard';
import { idParam, placementPaths } from '../paths';
import { signingStateOfRow } from '../signing';
import type { PersonRef, PlacementClass, StudentProgress, StudentRow } from '../types';
import { AuditTrail } from './AuditTrail';
import { ClassLine } from './ClassLine';
import { Comparison } from './Comparison';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { FormLists } from './FormLists';
import { Page, Section } from './Layout';
import { PdfButtons } from './PdfButtons';
import { SupervisorBadges } from './SupervisorBadges';
import { WarningArea } from './WarningArea';

type Viewer = 'Teacher' | 'Advisor';

/** Who the student is, as far as the viewer's lists tell. */
interface StudentInfo {
  person: PersonRef;
  /** The full row when the viewer's list has it (teachers; a supervisor's own students). */
  row: StudentRow | null;
}

/** Finds the student in the list the viewer has: the class list (teachers) or the supervisor's home. */
function useStudentInfo(viewer: Viewer, classId: number, studentId: number) {
  const teacherList = useGetClassStudentsQuery(classId, { skip: viewer !== 'Teacher' });
  const advisorHome = useGetAdvisorHomeQuery(undefined, { skip: viewer !== 'Advisor' });
  const source = viewer === 'Teacher' ? teacherList : advisorHome;
  let info: StudentInfo | null = null;
  if (viewer === 'Teacher' && teacherList.data) {
    const row = teacherList.data.find((s) => s.id === studentId);
    info = row ? { person: row, row } : null;
  }
  if (viewer === 'Advisor' && advisorHome.data) {
    const cls = advisorHome.data.find((c) => c.id === classId);
    const row = cls?.students.find((s) => s.id === studentId) ?? null;
    const other = cls?.otherStudents.find((s) => s.id === studentId) ?? null;
    info = row ? { person: row, row } : other ? { person: other, row: null } : null;
  }
  return { info, isLoading: source.isLoading, error: source.error, refetch: source.refetch };
}

/** Reports whether anyone has answered anything in any form. */
const anyAnswers = (progress: StudentProgress | undefined) =>
  progress?.forms.some((form) =>
    form.halves.some((half) => half.student.answered + half.advisor.answered + half.teacher.answered > 0),
  ) ?? false;

/**
 * The student page of a teacher or supervisor (spec §2, shared screens):
 * supervisors, PDFs, the warning, the signing form, the forms per half with
 * how far each role has come, the answers compared, and for teachers the
 * audit trail. A supervisor reads the warning but does not act on it.
 */
export function StudentPage({ viewer }: { viewer: Viewer }) {
  const params = useParams();
  const classId = idParam(params.classId);
  const studentId = idParam(params.userId);
  if (classId === null || studentId === null) {
    return <StudentMissing viewer={viewer} classId={classId} />;
  }
  return <StudentPageContent key={`${classId}:${studentId}`} viewer={viewer} classId={classId} studentId={studentId} />;
}

function StudentPageContent({ viewer, classId, studentId }: { viewer: Viewer; classId: number; studentId: number }) {
  const intl = useIntl();
  const intlTitle = intl.formatMessage({ id: 'placement.student.title' });
  const target = { classId, studentId };
  const cls = useGetPlacementClassQuery(classId);
  const student = useStudentInfo(viewer, classId, studentId);
  const progress = useGetStudentProgressQuery(target);
  const warning = useGetStudentWarningQuery(target);
  const row = student.info?.row ?? null;

  if (student.isLoading || cls.isLoading) {
    return (
      <Page title={intlTitle} back={backTo(viewer, classId, intl)}>
        <Loading />
      </Page>
    );
  }
  if (student.error || cls.error) {
    return (
      <Page title={intlTitle} back={backTo(viewer, classId, intl)}>
        <LoadFailed
          error={student.error ?? cls.error}
          message={intl.formatMessage({ id: 'placement.student.loadFailed' })}
          retry={() => {
            void student.refetch();
            void cls.refetch();
          }}
        />
      </Page>
    );
  }
  if (!student.info) return <StudentMissing viewer={viewer} classId={classId} />;

  const { person } = student.info;
  // Without a list row (a supervisor looking at another supervisor's student) the signing form is not shown.
  const signingState = row ? signingStateOfRow(row) : null;
  const warningSent = (warning.data?.submittedAt ?? null) !== null;
  const available = {
    full: anyAnswers(progress.data) || warningSent || (signingState !== null && signingState.status !== 'none'),
    warning: warningSent,
    signingForm: signingState !== null && signingState.status !== 'none',
  };
  const klass = cls.data;

  return (
    <Page
      title={person.displayName}
      overline={klass ? <ClassLine cls={klass} /> : undefined}
      back={backTo(viewer, classId, intl)}
      wide
    >
      <Section title={intl.formatMessage({ id: 'placement.student.about' })}>
        <Stack spacing={2.5}>
          {row ? (
            <Box>
              <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                <FormattedMessage id="placement.supervisors.title" />
              </Typography>
              <SupervisorBadges supervisors={row.supervisors} withContact={viewer === 'Teacher'} />
            </Box>
          ) : null}
          {row ? (
            <Typography>
              {row.teacher ? (
                <FormattedMessage id="placement.student.teacher" values={{ name: row.teacher.displayName }} />
              ) : (
                <FormattedMessage id="placement.student.noTeacher" />
              )}
            </Typography>
          ) : null}
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              <FormattedMessage id="placement.pdf.title" />
            </Typography>
            <PdfButtons target={target} available={available} fileLabel={pdfLabel(klass, person)} />
          </Box>
          {viewer === 'Teacher' ? (
            <Link component={RouterLink} to={placementPaths.studentRecord(classId, studentId)} sx={{ fontWeight: 600, py: 1, display: 'inline-block' }}>
              <FormattedMessage id="placement.student.recordLink" />
            </Link>
          ) : null}
        </Stack>
      </Section>

      <WarningArea target={target} studentName={person.displayName} canManage={viewer === 'Teacher'} />

      {/* A supervisor who is not the student's own does not see the signing form. */}
      {row ? <SigningFormCard role={viewer} classId={classId} studentUserId={studentId} /> : null}

      <Section title={intl.formatMessage({ id: 'placement.forms.title' })} description={intl.formatMessage({ id: 'placement.forms.help' })}>
        {progress.isLoading ? (
          <Loading compact />
        ) : progress.error || !progress.data ? (
          <LoadFailed
            error={progress.error}
            message={intl.formatMessage({ id: 'placement.forms.loadFailed' })}
            retry={() => void progress.refetch()}
          />
        ) : (
          <FormLists forms={progress.data.forms} classId={classId} studentId={studentId} role={viewer} />
        )}
      </Section>

      <Section
        title={intl.formatMessage({ id: 'placement.compare.title' })}
        description={intl.formatMessage({ id: 'placement.compare.help' })}
      >
        {progress.data ? <Comparison forms={progress.data.forms} /> : progress.isLoading ? <Loading compact /> : null}
      </Section>

      {viewer === 'Teacher' ? (
        <Section title={intl.formatMessage({ id: 'placement.audit.title' })}>
          <AuditTrail target={target} />
        </Section>
      ) : null}
    </Page>
  );
}

const pdfLabel = (cls: PlacementClass | undefined, person: PersonRef) =>
  [cls?.subject.subjectCode, person.displayName].filter(Boolean).join('-').replace(/\s+/g, '-');

function backTo(viewer: Viewer, classId: number | null, intl: ReturnType<typeof useIntl>) {
  return classId === null
    ? { to: viewer === 'Teacher' ? placementPaths.teacherHome : placementPaths.advisorHome, label: intl.formatMessage({ id: 'placement.back.home' }) }
    : { to: placementPaths.classPage(viewer, classId), label: intl.formatMessage({ id: 'placement.back.class' }) };
}

/** 'Student references not found' (spec §8): the student is not in the class, or not to be seen. */
function StudentMissing({ viewer, classId }: { viewer: Viewer; classId: number | null }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'placement.student.title' })} back={backTo(viewer, classId, intl)}>
      <EmptyState>
        <FormattedMessage id="placement.student.notFound" />
      </EmptyState>
    </Page>
  );
}

