import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { errorDescriptions, hasStatus, normalizeError } from '@/api/errors';
import { useToast } from '@/components/toast/useToast';
import { roleOfPath, rolePath, type RoleName } from '@/features/auth/roles';
import { useSession } from '@/features/auth/SessionProvider';
import { useGetMyStudentClassesQuery } from '@/features/placement/api/placementApi';
import { DueDate } from '@/features/placement/components/DueDate';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import {
  answeringApi,
  useGetAnsweringAdvisorStudentsQuery,
  useGetAnsweringClassStudentsQuery,
  useGetAnsweringFormQuery,
  useGetStudentFormFullQuery,
  useLazyGetStudentFormFullQuery,
  useSaveAnswersMutation,
} from '../answeringApi';
import { holdSet } from '@/pwa/unsent';
import { usePageSnapshot } from '@/pwa/usePageSnapshot';
import { deviceChangeStore } from '../hooks/deviceChangeStore';
import {
  answersStorageKey,
  useAutosaveController,
  useAutosaveState,
  type AnswerDraft,
  type AutosaveActions,
  type AutosaveSource,
  type SavedAnswers,
  type SaveRequest,
  type ServerAnswers,
} from '../hooks/useAutosave';
import {
  GroupType,
  type Answer,
  type AnswerComment,
  type AnswerSet,
  type AnsweringForm,
  type AuthorRole,
  type FormGroup,
  type FormHalf,
  type StudentFormFull,
} from '../types';
import { FormLoadFailed, FormLoading, FormNotFound, NoFormGroups } from './FormMessages';
import { FormPager, usePageIndex } from './FormPager';
import { FormTools } from './FormTools';
import { authorBadge } from './OtherComments';
import { QuestionBlock, type QuestionBlockProps } from './QuestionBlock';
import { ConflictPanel } from './ConflictPanel';
import { SaveStatus } from './SaveStatus';
import './formPage.css';
import { idParam } from '../prefetch';
import { studentFormRedirect } from '../studentFormRedirect';

/** No one else's comments (one value, so an unchanged question is not drawn again). */
const NO_COMMENTS: readonly AnswerComment[] = [];

/** The groups a person answers: free text and grading (not the unused type). */
export function answerableGroups(form: AnsweringForm): FormGroup[] {
  return form.groups.filter((group) => group.type === GroupType.Grading || group.type === GroupType.TextInput);
}

/** The role whose pages are shown: from the address (`/teacher/…`), else the active role. */
function usePageRole(): RoleName | null {
  const { pathname } = useLocation();
  const { activeRole } = useSession();
  return roleOfPath(pathname) ?? activeRole;
}

/**
 * Back to where the user came from: the previous page in the app, or the
 * role's home when the form was opened directly (a link in an e-mail).
 */
function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const role = usePageRole();
  // Decided on arrival: moving between the form's pages replaces the entry.
  const [cameFromApp] = useState(() => location.key !== 'default');
  return useCallback(() => {
    if (cameFromApp) void navigate(-1);
    else void navigate(role ? rolePath(role) : '/');
  }, [cameFromApp, navigate, role]);
}

/** The place in a half holding the sets of a role. */
function setOf(half: FormHalf, role: AuthorRole | RoleName | null): AnswerSet | null {
  switch (role) {
    case 'student':
    case 'Student':
      return half.student;
    case 'advisor':
    case 'Advisor':
      return half.advisor;
    case 'teacher':
    case 'Teacher':
      return half.teacher;
    default:
      return null;
  }
}

/** Every set of a half. */
function setsOf(half: FormHalf): AnswerSet[] {
  return [half.student, half.advisor, half.teacher, ...half.others].filter((set): set is AnswerSet => set !== null);
}

/** Comments on each question by anyone but `exceptUserId`, oldest first. */
function commentsByQuestion(half: FormHalf, exceptUserId: number): Map<number, AnswerComment[]> {
  const out = new Map<number, AnswerComment[]>();
  const seen = new Set<number>();
  for (const set of setsOf(half)) {
    for (const comment of set.comments) {
      if (comment.userId === exceptUserId || seen.has(comment.id)) continue;
      seen.add(comment.id);
      const list = out.get(comment.formQuestionId) ?? [];
      list.push(comment);
      out.set(comment.formQuestionId, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.commentedAt.localeCompare(b.commentedAt));
  return out;
}

/**
 * The name of the student whose assessment this is: the signed-in student,
 * else the name on the student's own answers, else from the class lists the
 * teacher or supervisor may read.
 */
function useStudentName(role: RoleName | null, classId: number, studentUserId: number, full: StudentFormFull | undefined): string | null {
  const { user } = useSession();
  const own = user.id === studentUserId ? user.displayName : null;
  const fromSets = full
    ? ([full.midSemester, full.endSemester]
        .flatMap((half) => (half ? setsOf(half) : []))
        .find((set) => set.userId === studentUserId)?.userName ?? null)
    : null;
  const known = own ?? fromSets;
  const teacherList = useGetAnsweringClassStudentsQuery(classId, { skip: known !== null || role !== 'Teacher' || !full });
  const advisorList = useGetAnsweringAdvisorStudentsQuery(classId, { skip: known !== null || role !== 'Advisor' || !full });
  const list = teacherList.data ?? advisorList.data ?? [];
  return known ?? list.find((student) => student.id === studentUserId)?.displayName ?? null;
}

interface Ids {
  classId: number;
  studentUserId: number;
  formId: number;
  assignmentId: number;
}

/**
 * The form page (spec §2, §4): one person's assessment of a student for one
 * assignment, one question group per page, saved automatically. Works for
 * the student, the teacher and the supervisor; the ids come from the
 * address. A caller who may not answer sees the answers read-only.
 */
export function AnswerFormPage() {
  const params = useParams();
  const role = usePageRole();
  const classId = idParam(params.classId);
  const studentUserId = idParam(params.studentUserId);
  const formId = idParam(params.formId);
  const assignmentId = idParam(params.assignmentId);
  if (classId === null || studentUserId === null || formId === null || assignmentId === null) return <FormNotFound />;
  const ids = { classId, studentUserId, formId, assignmentId };
  const page = <AnswerFormLoader key={`${classId}/${studentUserId}/${formId}/${assignmentId}`} {...ids} />;
  return role === 'Student' ? <StudentFormGuard ids={ids}>{page}</StudentFormGuard> : page;
}

/**
 * A student's form page follows the student's class of this period (spec
 * §4): an address of another period's class, or of an assignment the class
 * does not have, is rewritten to the class's assignment of that form; a
 * student without a class goes home (spec §2). If the classes cannot be
 * read, the page shows what the address asks for and the server decides.
 */
function StudentFormGuard({ ids, children }: { ids: Ids; children: ReactNode }) {
  const { user } = useSession();
  const classes = useGetMyStudentClassesQuery();
  if (classes.isLoading) return <FormLoading />;
  if (!classes.data) return children;
  const to = studentFormRedirect(
    { classId: ids.classId, studentId: ids.studentUserId, formId: ids.formId, assignmentId: ids.assignmentId },
    user.id,
    classes.data,
  );
  return to ? <Navigate to={to} replace /> : children;
}

function AnswerFormLoader({ classId, studentUserId, formId, assignmentId }: Ids) {
  const role = usePageRole();
  const formQuery = useGetAnsweringFormQuery(formId);
  const fullQuery = useGetStudentFormFullQuery({ classId, studentUserId, formId });
  const studentName = useStudentName(role, classId, studentUserId, fullQuery.data);
  const form = formQuery.data;
  const full = fullQuery.data;
  const editableKey = useEditableGeneration(full, assignmentId, fullQuery.isFetching);

  for (const error of [formQuery.error, fullQuery.error]) {
    if (hasStatus(error, 404)) return <FormNotFound />;
  }
  const error = formQuery.error ?? fullQuery.error;
  if (error && !(form && full)) {
    return (
      <FormLoadFailed
        error={error}
        retry={() => {
          if (formQuery.error) void formQuery.refetch();
          if (fullQuery.error) void fullQuery.refetch();
        }}
      />
    );
  }
  if (!form || !full) return <FormLoading />;
  const half = [full.midSemester, full.endSemester].find((candidate) => candidate?.assignmentId === assignmentId);
  if (!half) return <FormNotFound />;
  const groups = answerableGroups(form);
  if (groups.length === 0) return <NoFormGroups formName={form.name} />;

  const context: PageContext = { ids: { classId, studentUserId, formId, assignmentId }, form, groups, half, studentName, role };
  if (full.answerAs) return <EditableForm key={editableKey} context={context} answerAs={full.answerAs} />;
  return <ReadOnlyForm context={context} />;
}

/**
 * The version of the caller's own set the editable form started from. A
 * returning visit draws the answers the device kept and asks the server
 * meanwhile: when the server's set has moved on (answered on another
 * device), the form starts again from it, once, when that first answer
 * arrives. Later reads (a reload after a conflicting save) are the form's
 * own to merge, so they never restart it.
 */
function useEditableGeneration(full: StudentFormFull | undefined, assignmentId: number, fetching: boolean): string {
  const { user } = useSession();
  const half = full ? [full.midSemester, full.endSemester].find((candidate) => candidate?.assignmentId === assignmentId) : undefined;
  const own = half && full?.answerAs ? setOf(half, full.answerAs) : null;
  const version = String(own?.userId === user.id ? own.version : 0);
  // Null until the first answers arrive (from the device or the server).
  const [started, setStarted] = useState<{ version: string | null; settled: boolean }>({ version: null, settled: false });
  if (full && started.version === null) setStarted({ version, settled: !fetching });
  else if (full && !started.settled && !fetching) setStarted({ version, settled: true });
  return started.version ?? version;
}

interface PageContext {
  ids: Ids;
  form: AnsweringForm;
  groups: FormGroup[];
  half: FormHalf;
  studentName: string | null;
  role: RoleName | null;
}

/** The caller's own answers, saved as they go. */
function EditableForm({ context, answerAs }: { context: PageContext; answerAs: AuthorRole }) {
  const { ids, half } = context;
  const { user } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const goBack = useGoBack();
  const [saveAnswers] = useSaveAnswersMutation();
  const [fetchFull] = useLazyGetStudentFormFullQuery();
  const [sendProblem, setSendProblem] = useState<'offline' | 'failed' | null>(null);
  const mine = setOf(half, answerAs);
  // Only the caller's own set is ever edited here.
  const initialSet = mine?.userId === user.id ? mine : null;
  const [initial] = useState<ServerAnswers>(() => ({ version: initialSet?.version ?? 0, answers: initialSet?.answers ?? [] }));

  const save = useCallback(
    (request: SaveRequest): Promise<SavedAnswers> =>
      saveAnswers({
        assignmentId: ids.assignmentId,
        studentUserId: ids.studentUserId,
        version: request.version,
        answers: request.answers,
        deliver: request.deliver,
        keepalive: request.keepalive,
      }).unwrap(),
    [saveAnswers, ids.assignmentId, ids.studentUserId],
  );

  const reload = useCallback(async (): Promise<ServerAnswers> => {
    const full = await fetchFull({ classId: ids.classId, studentUserId: ids.studentUserId, formId: ids.formId }, false).unwrap();
    const latestHalf = [full.midSemester, full.endSemester].find((candidate) => candidate?.assignmentId === ids.assignmentId);
    const latest = latestHalf ? setOf(latestHalf, answerAs) : null;
    const own = latest?.userId === user.id ? latest : null;
    return { version: own?.version ?? 0, answers: own?.answers ?? [] };
  }, [fetchFull, ids.classId, ids.studentUserId, ids.formId, ids.assignmentId, answerAs, user.id]);

  const storageKey = answersStorageKey(ids.assignmentId, ids.studentUserId, user.id);
  // Kept with the changes, so the app can send them (and name the form) when it is not open.
  const { pathname } = useLocation();
  const [store] = useState(() => deviceChangeStore({ key: storageKey, userId: user.id }));
  const label = context.studentName ? `${context.form.name} – ${context.studentName}` : context.form.name;
  const { classId, studentUserId, formId, assignmentId } = ids;
  useLayoutEffect(() => {
    store.describe({ classId, studentUserId, formId, assignmentId, path: pathname, label });
  }, [store, classId, studentUserId, formId, assignmentId, pathname, label]);
  // While open, this page sends the set; the app-wide sender leaves it alone.
  useEffect(() => holdSet(storageKey), [storageKey]);
  const { source, actions } = useAutosaveController({ initial, storageKey, store, save, reload });
  // The page itself draws again only when it turns read-only; each part
  // around the questions reads the state it shows.
  const forbidden = useAutosaveState(source, (snapshot) => snapshot.status === 'forbidden');
  const answers = useMemo<AnswersSource>(() => ({ subscribe: source.subscribe, get: () => source.getSnapshot().answers }), [source]);

  const others = useMemo(() => commentsByQuestion(half, user.id), [half, user.id]);

  // Pages that count answers (the student page, the lists) read them again
  // once the user leaves, after the last save.
  const dispatch = useDispatch();
  const saved = useRef(false);
  useEffect(
    () =>
      source.subscribe(() => {
        if (source.getSnapshot().savedAt) saved.current = true;
      }),
    [source],
  );
  useEffect(
    () => () => {
      if (saved.current) dispatch(answeringApi.util.invalidateTags(['AnswerSet']));
    },
    [dispatch],
  );

  if (forbidden) {
    return <ReadOnlyForm context={context} shownAnswers={Object.entries(source.getSnapshot().answers).map(toAnswer)} />;
  }

  const send = async () => {
    setSendProblem(null);
    const delivered = await actions.deliver();
    if (delivered) {
      toast.saved();
      goBack();
    } else {
      setSendProblem(navigator.onLine ? 'failed' : 'offline');
    }
  };

  return (
    <FormLayout
      context={context}
      answers={answers}
      onChange={actions.change}
      others={others}
      onClose={() => {
        void actions.flush().then((done) => {
          if (done && saved.current) dispatch(answeringApi.util.invalidateTags(['AnswerSet']));
        });
        goBack();
      }}
      notices={
        <>
          <AutosaveConflicts source={source} groups={context.groups} onResolve={actions.resolveConflict} />
          <SaveFailed source={source} />
        </>
      }
      send={<SendButton source={source} onSend={() => void send()} />}
      sendNotice={
        sendProblem ? (
          <Alert severity={sendProblem === 'offline' ? 'warning' : 'error'} role="alert" sx={{ mt: 2 }}>
            <FormattedMessage id={sendProblem === 'offline' ? 'answering.sendOffline' : 'answering.sendFailed'} />
          </Alert>
        ) : (
          <Typography sx={{ color: 'text.secondary', mt: 2 }}>
            <FormattedMessage id="answering.sendHint" />
          </Typography>
        )
      }
      status={<AutosaveStatus source={source} actions={actions} />}
      answeredBy={intl.formatMessage({ id: 'answering.meta.you' }, { name: user.displayName })}
    />
  );
}

/** The answers changed here and elsewhere, drawn when they change. */
function AutosaveConflicts({
  source,
  groups,
  onResolve,
}: {
  source: AutosaveSource;
  groups: FormGroup[];
  onResolve: AutosaveActions['resolveConflict'];
}) {
  const conflicts = useAutosaveState(source, (snapshot) => snapshot.conflicts);
  return <ConflictPanel conflicts={conflicts} groups={groups} onResolve={onResolve} />;
}

/** Why the last save was refused, while it is; the changes stay on the device. */
function SaveFailed({ source }: { source: AutosaveSource }) {
  const error = useAutosaveState(source, (snapshot) => (snapshot.status === 'failed' ? { error: snapshot.error } : null));
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      <AlertTitle>
        <FormattedMessage id="answering.status.failed" />
      </AlertTitle>
      {errorDescriptions(normalizeError(error.error)).map((text) => (
        <Typography key={text}>{text}</Typography>
      ))}
      <Typography>
        <FormattedMessage id="answering.failedKept" />
      </Typography>
    </Alert>
  );
}

/** The send button, busy while the set is being delivered. */
function SendButton({ source, onSend }: { source: AutosaveSource; onSend: () => void }) {
  const delivering = useAutosaveState(source, (snapshot) => snapshot.delivering);
  return (
    <Button variant="contained" size="large" endIcon={<SendIcon aria-hidden />} loading={delivering} onClick={onSend}>
      <FormattedMessage id="answering.send" />
    </Button>
  );
}

/** The status line and the note about merged or restored changes, drawn when what they say changes. */
function AutosaveStatus({ source, actions }: { source: AutosaveSource; actions: AutosaveActions }) {
  const intl = useIntl();
  const state = useAutosaveState(source, ({ status, online, savedAt, unsaved, error, onDevice, merged, restored }) => ({
    status,
    online,
    savedAt,
    unsaved,
    error,
    onDevice,
    merged,
    restored,
  }));
  return (
    <SaveStatus
      state={state}
      notice={
        state.merged || state.restored ? (
          <Alert
            severity="info"
            role="status"
            onClose={actions.dismissMerged}
            closeText={intl.formatMessage({ id: 'common.close' })}
            sx={{ mb: 1, boxShadow: 3 }}
          >
            <FormattedMessage id={state.merged ? 'answering.merged' : 'answering.restored'} />
          </Alert>
        ) : null
      }
    />
  );
}

function toAnswer([question, draft]: [string, AnswerDraft]): Answer {
  return { formQuestionId: Number(question), value: draft.value, comment: draft.comment };
}

/**
 * The answers of the set in the place of the role whose pages are shown,
 * read-only, for a caller who may not answer (spec §4: e.g. another
 * supervisor of the student, or an admin).
 */
function ReadOnlyForm({ context, shownAnswers }: { context: PageContext; shownAnswers?: Answer[] }) {
  const { half, role } = context;
  const goBack = useGoBack();
  const intl = useIntl();
  const shown = setOf(half, role);
  const answers = useMemo<AnswersSource>(() => {
    const out: Record<number, AnswerDraft> = {};
    for (const answer of shownAnswers ?? shown?.answers ?? []) out[answer.formQuestionId] = answer;
    return { subscribe: unchanging, get: () => out };
  }, [shownAnswers, shown]);
  const others = useMemo(() => commentsByQuestion(half, shownAnswers ? -1 : (shown?.userId ?? -1)), [half, shown, shownAnswers]);
  const answeredBy = shownAnswers
    ? null
    : shown
      ? authorBadge(shown.userName, shown.roleTag)
      : intl.formatMessage({ id: 'answering.readOnly.noAnswers' });

  return (
    <FormLayout
      context={context}
      answers={answers}
      others={others}
      onClose={goBack}
      answeredBy={answeredBy}
      notices={
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          <AlertTitle>
            <FormattedMessage id="answering.readOnly.title" />
          </AlertTitle>
          <FormattedMessage id="answering.readOnly.body" />
        </Alert>
      }
    />
  );
}

/**
 * The answers shown, for the parts that read them: each question reads its
 * own and the count reads how many there are, so a change draws those two.
 */
interface AnswersSource {
  subscribe: (listener: () => void) => () => void;
  get: () => Readonly<Record<number, AnswerDraft>>;
}

/** The subscription to answers that never change (shown read-only). */
function unchanging(): () => void {
  return () => undefined;
}

interface FormLayoutProps {
  context: PageContext;
  answers: AnswersSource;
  onChange?: (questionId: number, patch: Partial<AnswerDraft>) => void;
  others: Map<number, AnswerComment[]>;
  onClose: () => void;
  notices?: ReactNode;
  send?: ReactNode;
  sendNotice?: ReactNode;
  status?: ReactNode;
  /** Whose answers these are, under the heading. */
  answeredBy: string | null;
}

/** The page around the questions: the header, notices, the pages, the status line. */
function FormLayout({ context, answers, onChange, others, onClose, notices, send, sendNotice, status, answeredBy }: FormLayoutProps) {
  const { form, groups, half, studentName } = context;
  const intl = useIntl();
  const tenant = useTenant();
  const [index, setIndex] = usePageIndex(groups.length);
  const group = groups[index];
  const halfName = intl.formatMessage({ id: half.isMidSemester ? 'answering.half.mid' : 'answering.half.end' });
  useDocumentTitle(`${form.name} – ${halfName} – ${tenant.appName}`);

  // The next visit on this device paints this page before the app has loaded.
  usePageSnapshot(useLocation().pathname);

  const questionNumbers = useMemo(() => {
    const numbers = new Map<number, number>();
    let next = 1;
    for (const g of groups) for (const q of g.questions) numbers.set(q.id, next++);
    return numbers;
  }, [groups]);

  return (
    <div className="pk-form" data-status-line={status ? '' : undefined}>
      <p className="pk-form-kicker">
        <FormattedMessage id="answering.kicker" values={{ half: halfName }} />
      </p>
      <h1 className="pk-form-title">{form.name}</h1>
      <dl className="pk-form-facts">
        {studentName ? (
          <>
            <dt>
              <FormattedMessage id="answering.meta.student" />
            </dt>
            <dd>{studentName}</dd>
          </>
        ) : null}
        <dt>
          <FormattedMessage id="answering.meta.half" />
        </dt>
        <dd>{halfName}</dd>
        {answeredBy ? (
          <>
            <dt>
              <FormattedMessage id="answering.meta.answers" />
            </dt>
            <dd>{answeredBy}</dd>
          </>
        ) : null}
        {half.deadline ? (
          <>
            <dt>
              <FormattedMessage id="answering.meta.deadline" />
            </dt>
            <dd>
              <DueDate deadline={half.deadline} />
            </dd>
          </>
        ) : null}
      </dl>
      <FormTools form={form} />
      {notices}
      <FormPager
        groups={groups}
        index={index}
        onIndex={setIndex}
        onClose={onClose}
        send={send}
        lead={
          onChange ? <AnsweredCount answers={answers} questionNumbers={questionNumbers} /> : null
        }
      >
        {group?.questions.map((question) => (
          <AnsweredQuestion
            key={question.id}
            answers={answers}
            group={group}
            question={question}
            number={questionNumbers.get(question.id) ?? 0}
            otherComments={others.get(question.id) ?? NO_COMMENTS}
            onChange={onChange}
          />
        ))}
        {index === groups.length - 1 ? sendNotice : null}
      </FormPager>
      {status}
    </div>
  );
}

/** "12 av 30 besvart", drawn again only when the count changes. */
function AnsweredCount({ answers, questionNumbers }: { answers: AnswersSource; questionNumbers: Map<number, number> }) {
  const answered = useSyncExternalStore(answers.subscribe, () => {
    const all = answers.get();
    let count = 0;
    for (const id of questionNumbers.keys()) if ((all[id]?.value ?? '').trim() !== '') count += 1;
    return count;
  });
  return (
    <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
      <FormattedMessage id="answering.answeredCount" values={{ answered, total: questionNumbers.size }} />
    </Typography>
  );
}

/** One question with its own answer, drawn again only when that answer changes. */
function AnsweredQuestion({
  answers,
  ...block
}: Omit<QuestionBlockProps, 'answer'> & { answers: AnswersSource }) {
  const answer = useSyncExternalStore(answers.subscribe, () => answers.get()[block.question.id]);
  return <QuestionBlock {...block} answer={answer} />;
}
