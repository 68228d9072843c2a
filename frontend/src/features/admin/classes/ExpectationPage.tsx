import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetClassQuery, useGetExpectationsQuery, useSaveExpectationsMutation } from '../api/classesApi';
import { useGetFormQuery } from '../api/formsApi';
import { AdminPage } from '../components/AdminPage';
import { GradingScale, NO_VALUE } from '../components/GradingScale';
import { GroupPager } from '../components/GroupPager';
import { adminPaths } from '../paths';
import {
  GROUP_TYPE_GRADING,
  type Assignment,
  type ExpectationAnswer,
  type ExpectationSet,
  type Form,
  type FormGroup,
  type SchoolClass,
} from '../types';
import { classCrumbs, className, type ReturnState } from './ClassPage';

type Half = 'mid' | 'end';
type Values = Record<number, string>;

/** The previous path from the navigation state, if the link carried one. */
function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as Partial<ReturnState>).from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

/** Expected values by question, from a saved set (none when there is none). */
function valuesOf(set: ExpectationSet | undefined): Values {
  const values: Values = {};
  for (const answer of set?.answers ?? []) values[answer.formQuestionId] = answer.value ?? NO_VALUE;
  return values;
}

/**
 * `/admin/class/{classId}/form/{formId}/assignment/{assignmentId}`: the
 * expected level of each graded question for a class, one group per page
 * as on the form page. The half (mid or end of the semester) is the
 * assignment's; for main forms a toggle switches to the other half's
 * assignment, so the address always names the half shown (spec §2, §4).
 * It needs the previous path in the navigation state (to close back to
 * it); without it the page goes to `/` (spec §2).
 */
export function ExpectationPage() {
  const location = useLocation();
  const from = returnPath(location.state);
  if (!from) return <Navigate to="/" replace />;
  return <ExpectationLoader from={from} />;
}

function ExpectationLoader({ from }: { from: string }) {
  const intl = useIntl();
  const params = useParams();
  const classId = Number(params.classId);
  const formId = Number(params.formId);
  const assignmentId = Number(params.assignmentId);
  const schoolClass = useGetClassQuery(classId);
  const form = useGetFormQuery(formId);
  const assignment = schoolClass.data?.assignments.find((a) => a.id === assignmentId);
  const crumbs = classCrumbs(intl, schoolClass.data);
  if (schoolClass.data) crumbs.push({ label: className(schoolClass.data), to: adminPaths.schoolClass(classId) });
  const title = form.data
    ? intl.formatMessage({ id: 'admin.expectations.title' }, { form: form.data.name })
    : intl.formatMessage({ id: 'admin.class.expectationsHeading' });

  if (schoolClass.data && form.data && assignment) {
    return (
      <AdminPage title={title} crumbs={crumbs} subtitle={className(schoolClass.data)}>
        <ExpectationEditor
          schoolClass={schoolClass.data}
          form={form.data}
          assignment={assignment}
          from={from}
        />
      </AdminPage>
    );
  }
  const error = schoolClass.error ?? form.error;
  const missing = schoolClass.data && !assignment;
  return (
    <AdminPage title={title} crumbs={crumbs}>
      {error || missing ? (
        <LoadFailed
          error={error ?? { status: 404, data: undefined }}
          message={intl.formatMessage({ id: hasStatus(error, 404) || missing ? 'admin.common.notFound' : 'admin.common.loadFailed' })}
          retry={
            error && !hasStatus(error, 404)
              ? () => {
                  void schoolClass.refetch();
                  void form.refetch();
                }
              : undefined
          }
        />
      ) : (
        <Loading />
      )}
    </AdminPage>
  );
}

interface ExpectationEditorProps {
  schoolClass: SchoolClass;
  form: Form;
  assignment: Assignment;
  from: string;
}

function ExpectationEditor({ schoolClass, form, assignment, from }: ExpectationEditorProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toast = useToast();
  const toggleLabelId = useId();
  // The half comes from the assignment; only main forms have a mid-semester one (spec §4).
  const half: Half = form.isMainForm && assignment.isMidSemester ? 'mid' : 'end';
  const assignmentOf = (wanted: Half) =>
    schoolClass.assignments.find((a) => a.formId === form.id && a.isMidSemester === (wanted === 'mid'));
  // The toggle goes to the other half's assignment; unsaved changes of each half stay until saved.
  const showHalf = (wanted: Half) => {
    const other = assignmentOf(wanted);
    if (!other || wanted === half) return;
    void navigate(adminPaths.expectations(schoolClass.id, form.id, other.id), {
      replace: true,
      state: { from } satisfies ReturnState,
    });
  };
  // What the admin has changed, per half, until saved.
  const [drafts, setDrafts] = useState<Partial<Record<Half, Values>>>({});
  const isMidSemester = half === 'mid';
  const saved = useGetExpectationsQuery({ classId: schoolClass.id, formId: form.id, isMidSemester });
  const [save, saveState] = useSaveExpectationsMutation();
  const none = hasStatus(saved.error, 404);
  const loaded = saved.data !== undefined || none;
  const savedValues = valuesOf(none ? undefined : saved.data);
  const values = drafts[half] ?? savedValues;
  const graded = form.groups.filter((group) => group.type === GROUP_TYPE_GRADING && group.questions.length > 0);
  const questions = graded.flatMap((group) => group.questions);
  const dirty = questions.some((q) => (values[q.id] ?? NO_VALUE) !== (savedValues[q.id] ?? NO_VALUE));
  const skipped = form.groups.length - graded.length;

  const setValue = (questionId: number, value: string) =>
    setDrafts((current) => ({ ...current, [half]: { ...(current[half] ?? savedValues), [questionId]: value } }));

  const submit = () => {
    const answers = questions.map((q) => {
      const value = values[q.id] ?? NO_VALUE;
      // The scale offers only the grading values "0".."5".
      return { formQuestionId: q.id, value: value === NO_VALUE ? null : (value as ExpectationAnswer['value']) };
    });
    save({ classId: schoolClass.id, formId: form.id, isMidSemester, answers })
      .unwrap()
      .then(() => {
        setDrafts((current) => ({ ...current, [half]: undefined }));
        toast.saved();
      }, () => undefined);
  };

  return (
    <Stack spacing={3}>
      {form.isMainForm ? (
        <Box>
          <Typography id={toggleLabelId} sx={{ fontWeight: 600, mb: 1 }}>
            <FormattedMessage id="admin.expectations.half" />
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={half}
            onChange={(_event, value: Half | null) => {
              if (value) showHalf(value);
            }}
            aria-labelledby={toggleLabelId}
          >
            <ToggleButton value="mid" disabled={!assignmentOf('mid')} sx={{ px: 2.5, minHeight: 48 }}>
              <FormattedMessage id="admin.expectations.mid" />
            </ToggleButton>
            <ToggleButton value="end" disabled={!assignmentOf('end')} sx={{ px: 2.5, minHeight: 48 }}>
              <FormattedMessage id="admin.expectations.end" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ) : (
        <Typography>
          <FormattedMessage id="admin.expectations.endOnly" />
        </Typography>
      )}
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="admin.expectations.intro" />
      </Typography>
      {none ? (
        <Alert severity="info">
          <FormattedMessage id="admin.expectations.noneSet" />
        </Alert>
      ) : null}
      {skipped > 0 ? (
        <Alert severity="info">
          <FormattedMessage id="admin.expectations.skipped" values={{ count: skipped }} />
        </Alert>
      ) : null}
      {saved.error && !none ? (
        <LoadFailed error={saved.error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void saved.refetch()} />
      ) : null}
      {!loaded && !saved.error ? <Loading /> : null}
      {loaded && graded.length === 0 ? (
        <Alert severity="info">
          <FormattedMessage id="admin.expectations.noGraded" />
        </Alert>
      ) : null}
      {loaded && graded.length > 0 ? (
        <GroupPager<FormGroup>
          key={half}
          pages={graded}
          title={(group) => group.name}
          render={(group) => (
            <Stack spacing={3}>
              {group.questions.map((question, index) => (
                <GradingScale
                  key={question.id}
                  label={`${index + 1}. ${question.text}`}
                  value={values[question.id] ?? NO_VALUE}
                  onChange={(value) => setValue(question.id, value)}
                  allowNone
                />
              ))}
            </Stack>
          )}
          actions={
            <>
              <Button variant="outlined" startIcon={<CloseIcon aria-hidden />} onClick={() => void navigate(from)}>
                <FormattedMessage id="common.close" />
              </Button>
              <Button variant="contained" onClick={submit} loading={saveState.isLoading}>
                <FormattedMessage id="admin.expectations.save" />
              </Button>
            </>
          }
        />
      ) : null}
      <Typography role="status" sx={{ color: 'text.secondary', minHeight: '1.5em' }}>
        {dirty ? <FormattedMessage id="admin.common.unsaved" /> : null}
      </Typography>
      {saveState.error ? <ErrorBox error={saveState.error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} /> : null}
    </Stack>
  );
}
