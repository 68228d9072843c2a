import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import { normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useGetMeQuery } from '@/features/auth/authApi';
import { roleOfPath } from '@/features/auth/roles';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import type { MessageId } from '@/i18n/messages';
import { conflictOf } from '../conflicts';
import { blankForm, osloToday, signingState, toInput, valuesOf } from '../lifecycle';
import { backPath, isSigningRole, PARTY_OF_ROLE, type SigningRole } from '../paths';
import {
  useCancelSigningFormMutation,
  useCreateSigningFormMutation,
  useGetSigningClassQuery,
  useGetSigningFormQuery,
  useGetSigningValidationQuery,
  useSaveSigningFormMutation,
  useSignSigningFormMutation,
} from '../signingApi';
import { useSigningTexts } from '../texts';
import type { SigningClass, SigningForm, SigningFormValues, SigningPeople } from '../types';
import { useSigningPeople } from '../usePeople';
import { CancelDialog } from './CancelDialog';
import { EndSection } from './EndSection';
import { MidSection } from './MidSection';
import { PdfButton } from './PdfButton';
import { SignatureSection } from './SignatureSection';
import { SigningInfo } from './SigningInfo';


/** The server's complaints by field, from a 400. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const { statusCode, details } = normalizeError(error);
  if (statusCode !== 400) return {};
  return Object.fromEntries(details.filter((d) => d.reason && d.description).map((d) => [d.reason, d.description]));
}

const BACK_LABEL: Record<SigningRole, MessageId> = {
  Teacher: 'signing.back.teacher',
  Student: 'signing.back.student',
  Advisor: 'signing.back.advisor',
};

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The signing form page (spec §2) for the class's teacher, the student and
 * the student's supervisor, at `/{role}/class/:classId/student/:studentUserId/signingform`.
 * The role comes from `role`, else from the address.
 */
export function SigningFormPage({ role: roleProp }: { role?: SigningRole }) {
  const params = useParams();
  const { pathname } = useLocation();
  const role = roleProp ?? roleOfPath(pathname);
  const classId = positiveId(params.classId);
  const studentId = positiveId(params.studentUserId);
  if (!isSigningRole(role) || classId === null || studentId === null) return <Navigate to="/" replace />;
  return <SigningFormScreen key={`${classId}:${studentId}`} role={role} classId={classId} studentId={studentId} />;
}

interface ScreenProps {
  role: SigningRole;
  classId: number;
  studentId: number;
}

function SigningFormScreen({ role, classId, studentId }: ScreenProps) {
  const intl = useIntl();
  const tenant = useTenant();
  const target = useMemo(() => ({ classId, studentId }), [classId, studentId]);
  const formQuery = useGetSigningFormQuery(target);
  const classQuery = useGetSigningClassQuery(classId);
  const people = useSigningPeople(role, classId, studentId);

  const title = intl.formatMessage({ id: 'signing.title' });
  const studentName = people.people?.student?.displayName;
  useDocumentTitle(
    studentName
      ? `${intl.formatMessage({ id: 'signing.documentTitle' }, { name: studentName })} – ${tenant.appName}`
      : `${title} – ${tenant.appName}`,
  );

  const failed = formQuery.error ?? classQuery.error ?? people.error;
  const ready = formQuery.data !== undefined && classQuery.data !== undefined && people.people !== null;

  let body;
  if (failed !== undefined && !ready) {
    body = (
      <ErrorBox
        error={failed}
        message={intl.formatMessage({ id: 'signing.loadFailed' })}
        actions={
          <Button
            variant="contained"
            onClick={() => {
              if (formQuery.error) void formQuery.refetch();
              if (classQuery.error) void classQuery.refetch();
              people.refetch();
            }}
          >
            <FormattedMessage id="common.retry" />
          </Button>
        }
      />
    );
  } else if (!ready || formQuery.data === undefined || classQuery.data === undefined || people.people === null) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'signing.loading' })} />
      </Box>
    );
  } else {
    body = (
      <SigningFormBody
        role={role}
        target={target}
        form={formQuery.data ?? blankForm(classId, studentId)}
        signingClass={classQuery.data}
        people={people.people}
        refetchForm={async () => {
          await formQuery.refetch();
        }}
      />
    );
  }

  return (
    <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Link
        component={RouterLink}
        to={backPath(role, classId, studentId)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, py: 1, mb: 1 }}
      >
        <ArrowBackIcon aria-hidden fontSize="small" />
        <FormattedMessage id={BACK_LABEL[role]} />
      </Link>
      <Typography variant="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {body}
    </Container>
  );
}

interface BodyProps {
  role: SigningRole;
  target: { classId: number; studentId: number };
  form: SigningForm;
  signingClass: SigningClass;
  people: SigningPeople;
  refetchForm: () => Promise<void>;
}

function SigningFormBody({ role, target, form, signingClass, people, refetchForm }: BodyProps) {
  const intl = useIntl();
  const toast = useToast();
  const texts = useSigningTexts();
  const me = useGetMeQuery();
  const party = PARTY_OF_ROLE[role];
  const isTeacher = role === 'Teacher';
  const today = osloToday();
  const state = signingState(form, today);

  const validation = useGetSigningValidationQuery(isTeacher && state.exists ? target : skipToken);
  const [createForm, createStatus] = useCreateSigningFormMutation();
  const [saveForm, saveStatus] = useSaveSigningFormMutation();
  const [signForm, signStatus] = useSignSigningFormMutation();
  const [cancelForm, cancelStatus] = useCancelSigningFormMutation();
  const saving = createStatus.isLoading || saveStatus.isLoading;

  const [saveError, setSaveError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [lockedOnSave, setLockedOnSave] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [endDirty, setEndDirty] = useState(false);
  const [signError, setSignError] = useState<unknown>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const endHeading = useRef<HTMLHeadingElement>(null);
  const focusEndAfterConfirm = useRef(false);

  useEffect(() => {
    if (state.midConfirmed && focusEndAfterConfirm.current) {
      focusEndAfterConfirm.current = false;
      endHeading.current?.focus();
    }
  }, [state.midConfirmed]);

  const save = useCallback(
    async (values: Partial<SigningFormValues>, confirmMid = false): Promise<boolean> => {
      setSaveError(null);
      setStale(false);
      setLockedOnSave(false);
      const body = toInput(form, { ...valuesOf(form), ...values });
      // Confirming mid replaces the mid form with its answers: the focus moves on to the end section.
      focusEndAfterConfirm.current = confirmMid;
      try {
        if (form.id > 0) await saveForm({ ...target, form: body }).unwrap();
        else await createForm({ ...target, form: body }).unwrap();
        toast.saved();
        return true;
      } catch (error) {
        focusEndAfterConfirm.current = false;
        const conflict = conflictOf(error);
        if (conflict === 'stale') {
          // Keep the user's changes on screen and offer to reload; saving
          // waits until they have seen the other person's version.
          setStale(true);
        } else if (conflict === 'locked') {
          // Everyone has signed meanwhile: show the form as it now stands.
          await refetchForm();
          setReloads((n) => n + 1);
          setLockedOnSave(true);
        } else {
          setSaveError(error);
        }
        return false;
      }
    },
    [form, target, saveForm, createForm, toast, refetchForm],
  );

  const reload = async () => {
    setReloading(true);
    try {
      await refetchForm();
      setReloads((n) => n + 1);
      setStale(false);
    } finally {
      setReloading(false);
    }
  };

  const sign = async (confirmWithoutAdvisor: boolean): Promise<boolean> => {
    setSignError(null);
    try {
      await signForm({ ...target, confirmWithoutAdvisor }).unwrap();
      return true;
    } catch (error) {
      setSignError(error);
      return false;
    }
  };

  const cancel = async () => {
    setCancelError(null);
    try {
      await cancelForm(target).unwrap();
      setCancelOpen(false);
      setSaveError(null);
      setReloads((n) => n + 1);
      toast.show('signing.cancelled', 'success');
    } catch (error) {
      setCancelError(error);
    }
  };

  const fieldErrors = fieldErrorsOf(saveError);
  const saveErrorBox = saveError ? (
    <ErrorBox error={saveError} message={intl.formatMessage({ id: 'signing.saveFailed' })} />
  ) : null;
  const formKey = `${form.id}:${reloads}`;

  return (
    <Stack spacing={3}>
      <SigningInfo signingClass={signingClass} people={people} />
      <Typography sx={{ whiteSpace: 'pre-line' }}>{texts.intro}</Typography>

      {stale ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" loading={reloading} disabled={reloading} onClick={() => void reload()}>
              <FormattedMessage id="signing.reload" />
            </Button>
          }
        >
          <AlertTitle>
            <FormattedMessage id="signing.saveFailed" />
          </AlertTitle>
          <FormattedMessage id="signing.stale" />
        </Alert>
      ) : null}
      {lockedOnSave ? (
        <Alert severity="error" role="alert">
          <AlertTitle>
            <FormattedMessage id="signing.saveFailed" />
          </AlertTitle>
          <FormattedMessage id="signing.lockedOnSave" />
        </Alert>
      ) : null}
      {!state.exists ? (
        <Alert severity="info" role="note">
          <FormattedMessage id={isTeacher ? 'signing.state.noneTeacher' : 'signing.state.noneOther'} />
        </Alert>
      ) : null}
      {state.locked ? (
        <Alert severity="info" role="note" icon={<LockOutlinedIcon />} sx={{ fontWeight: 600 }}>
          <FormattedMessage id="signing.locked" />
        </Alert>
      ) : isTeacher && state.anySigned ? (
        <Alert severity="info" role="note">
          <FormattedMessage id="signing.state.signedReadOnly" />
        </Alert>
      ) : null}

      {state.exists || isTeacher ? (
        <>
          <MidSection
            key={`mid:${formKey}`}
            form={form}
            editable={isTeacher && state.midEditable}
            saving={saving || stale}
            fieldErrors={fieldErrors}
            errorBox={state.midEditable ? saveErrorBox : null}
            onSave={(values, confirm) => save(values, confirm)}
          />
          <EndSection
            key={`end:${formKey}`}
            form={form}
            state={state}
            editable={isTeacher && state.endEditable}
            saving={saving || stale}
            fieldErrors={fieldErrors}
            errorBox={state.midEditable ? null : saveErrorBox}
            onSave={(values) => save(values)}
            onDirtyChange={setEndDirty}
            headingRef={endHeading}
          />
        </>
      ) : null}

      {state.exists ? (
        <SignatureSection
          form={form}
          state={state}
          today={today}
          party={party}
          myUserId={me.data?.id ?? null}
          people={people}
          declaration={texts.declaration[party]}
          progress={isTeacher ? validation.data?.teacherAnswerSummary : null}
          progressFailed={isTeacher && validation.isError}
          endDirty={isTeacher && endDirty}
          signing={signStatus.isLoading}
          signError={signError}
          onSign={sign}
          onDismissError={() => setSignError(null)}
        />
      ) : null}

      {state.exists ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pb: 2 }}>
          <PdfButton target={target} />
          {isTeacher && !state.locked ? (
            <Button
              variant="outlined"
              color="error"
              size="large"
              onClick={() => {
                setCancelError(null);
                setCancelOpen(true);
              }}
            >
              <FormattedMessage id="signing.cancel" />
            </Button>
          ) : null}
        </Stack>
      ) : null}

      {isTeacher ? (
        <CancelDialog
          open={cancelOpen}
          validation={validation.data}
          busy={cancelStatus.isLoading}
          error={cancelError}
          onConfirm={() => void cancel()}
          onClose={() => setCancelOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
