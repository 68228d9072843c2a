import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DueDate } from '@/features/placement/components/DueDate';
import { useSigningFormat } from '../format';
import type { SigningState } from '../lifecycle';
import type { PassedFailed, SigningForm, SigningFormValues, YesNo } from '../types';
import { AnswerList } from './AnswerList';
import { ChoiceQuestion } from './ChoiceQuestion';
import { SectionCard } from './SectionCard';

const YES_NO: readonly YesNo[] = ['yes', 'no'];
const PASSED_FAILED: readonly PassedFailed[] = ['passed', 'failed'];

/** Longest teacher comment, in characters (as the server). */
export const MAX_COMMENT = 10000;

/** The end section's part of the values. */
export type EndValues = Pick<
  SigningFormValues,
  | 'attendancePassed'
  | 'workRequirementsPassed'
  | 'specificCompetenceAreasPassed'
  | 'generalCompetenceAreasPassed'
  | 'teacherComment'
  | 'overallPassed'
>;

function endValuesOf(form: SigningForm): EndValues {
  return {
    attendancePassed: form.attendancePassed,
    workRequirementsPassed: form.workRequirementsPassed,
    specificCompetenceAreasPassed: form.specificCompetenceAreasPassed,
    generalCompetenceAreasPassed: form.generalCompetenceAreasPassed,
    teacherComment: form.teacherComment,
    overallPassed: form.overallPassed,
  };
}

const sameEnd = (a: EndValues, b: EndValues) =>
  a.attendancePassed === b.attendancePassed &&
  a.workRequirementsPassed === b.workRequirementsPassed &&
  a.specificCompetenceAreasPassed === b.specificCompetenceAreasPassed &&
  a.generalCompetenceAreasPassed === b.generalCompetenceAreasPassed &&
  (a.teacherComment ?? '').trim() === (b.teacherComment ?? '').trim() &&
  a.overallPassed === b.overallPassed;

interface EndSectionProps {
  form: SigningForm;
  state: SigningState;
  /** The teacher may change it: mid confirmed and its date come, nobody signed, not locked. */
  editable: boolean;
  saving: boolean;
  fieldErrors: Record<string, string>;
  /** Why the last save failed, shown under the button. */
  errorBox?: ReactNode;
  onSave: (values: EndValues) => Promise<boolean>;
  /** Told whether the teacher has changes not yet saved (signing waits for them). */
  onDirtyChange?: (dirty: boolean) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The end-of-placement part: attendance, work requirements, specific and
 * general competence areas, the teacher's comment and the overall result.
 * The teacher fills it in once mid is confirmed and its date has come, and
 * may change it until someone signs; everyone else reads it.
 */
export function EndSection({
  form,
  state,
  editable,
  saving,
  fieldErrors,
  errorBox,
  onSave,
  onDirtyChange,
  headingRef,
}: EndSectionProps) {
  const intl = useIntl();
  const format = useSigningFormat();
  const headingId = useId();
  const title = intl.formatMessage({ id: 'signing.end.heading' });
  const due = form.deadlines.endSection ? (
    <Box sx={{ mb: 2 }}>
      <DueDate deadline={form.deadlines.endSection} />
    </Box>
  ) : null;

  if (editable) {
    return (
      <SectionCard title={title} headingId={headingId} headingRef={headingRef}>
        {due}
        <EndForm
          form={form}
          headingId={headingId}
          saving={saving}
          fieldErrors={fieldErrors}
          errorBox={errorBox}
          onSave={onSave}
          onDirtyChange={onDirtyChange}
        />
      </SectionCard>
    );
  }
  if (!state.endOpen || !state.endCompleted) {
    return (
      <SectionCard title={title} headingId={headingId} headingRef={headingRef}>
        {due}
        <Typography sx={{ color: 'text.secondary' }}>
          {state.waitingForMidDate && form.midSemesterCompletedDate ? (
            <FormattedMessage
              id="signing.state.waitingForMidDate"
              values={{ date: format.date(form.midSemesterCompletedDate) }}
            />
          ) : state.endOpen ? (
            <FormattedMessage id="signing.end.notCompleted" />
          ) : (
            <FormattedMessage id="signing.state.endNotOpen" />
          )}
        </Typography>
      </SectionCard>
    );
  }
  return (
    <SectionCard title={title} headingId={headingId} headingRef={headingRef}>
      {due}
      <AnswerList
        items={[
          { label: intl.formatMessage({ id: 'signing.q.attendance' }), value: format.answer(form.attendancePassed) },
          {
            label: intl.formatMessage({ id: 'signing.q.workRequirements' }),
            value: format.answer(form.workRequirementsPassed),
          },
          {
            label: intl.formatMessage({ id: 'signing.q.specific' }),
            value: format.answer(form.specificCompetenceAreasPassed),
          },
          {
            label: intl.formatMessage({ id: 'signing.q.general' }),
            value: format.answer(form.generalCompetenceAreasPassed),
          },
          {
            label: intl.formatMessage({ id: 'signing.q.comment' }),
            value: form.teacherComment ?? '–',
          },
          { label: intl.formatMessage({ id: 'signing.q.overall' }), value: format.answer(form.overallPassed) },
        ]}
      />
      {form.endSemesterCompletedDate ? (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          <FormattedMessage id="signing.end.completed" values={{ date: format.date(form.endSemesterCompletedDate) }} />
        </Typography>
      ) : null}
    </SectionCard>
  );
}

function EndForm({
  form,
  headingId,
  saving,
  fieldErrors,
  errorBox,
  onSave,
  onDirtyChange,
}: Pick<EndSectionProps, 'form' | 'saving' | 'fieldErrors' | 'errorBox' | 'onSave' | 'onDirtyChange'> & {
  headingId: string;
}) {
  const intl = useIntl();
  const helpId = useId();
  const [values, setValues] = useState<EndValues>(() => endValuesOf(form));
  const set = <K extends keyof EndValues>(key: K) => (value: EndValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const dirty = !sameEnd(values, endValuesOf(form));

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const comment = values.teacherComment ?? '';

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(values);
      }}
    >
      <Stack spacing={3}>
        <ChoiceQuestion
          name="attendancePassed"
          label={intl.formatMessage({ id: 'signing.q.attendance' })}
          options={YES_NO}
          value={values.attendancePassed}
          onChange={set('attendancePassed')}
          serverError={fieldErrors.attendancePassed}
        />
        <ChoiceQuestion
          name="workRequirementsPassed"
          label={intl.formatMessage({ id: 'signing.q.workRequirements' })}
          // Only the mid-semester feedback question offers 'not relevant' (spec §5).
          options={YES_NO}
          value={values.workRequirementsPassed}
          onChange={set('workRequirementsPassed')}
          serverError={fieldErrors.workRequirementsPassed}
        />
        <ChoiceQuestion
          name="specificCompetenceAreasPassed"
          label={intl.formatMessage({ id: 'signing.q.specific' })}
          options={YES_NO}
          value={values.specificCompetenceAreasPassed}
          onChange={set('specificCompetenceAreasPassed')}
          serverError={fieldErrors.specificCompetenceAreasPassed}
        />
        <ChoiceQuestion
          name="generalCompetenceAreasPassed"
          label={intl.formatMessage({ id: 'signing.q.general' })}
          options={YES_NO}
          value={values.generalCompetenceAreasPassed}
          onChange={set('generalCompetenceAreasPassed')}
          serverError={fieldErrors.generalCompetenceAreasPassed}
        />
        <TextField
          name="teacherComment"
          label={intl.formatMessage({ id: 'signing.q.comment' })}
          multiline
          minRows={4}
          value={comment}
          onChange={(event) => set('teacherComment')(event.target.value.slice(0, MAX_COMMENT))}
          error={Boolean(fieldErrors.teacherComment)}
          helperText={
            fieldErrors.teacherComment ?? (
              <FormattedMessage id="signing.q.comment.count" values={{ count: comment.length, max: MAX_COMMENT }} />
            )
          }
          slotProps={{ htmlInput: { maxLength: MAX_COMMENT } }}
        />
        <ChoiceQuestion
          name="overallPassed"
          label={intl.formatMessage({ id: 'signing.q.overall' })}
          options={PASSED_FAILED}
          value={values.overallPassed}
          onChange={set('overallPassed')}
          serverError={fieldErrors.overallPassed}
        />
        <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="signing.saveEnd.help" />
        </Typography>
        {dirty && form.endSemesterCompletedDate ? (
          <Alert severity="info" role="note">
            <FormattedMessage id="signing.unsavedBeforeSign" />
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }}>
          <Button type="submit" variant="contained" size="large" loading={saving} disabled={saving} aria-describedby={helpId}>
            <FormattedMessage id="signing.saveEnd" />
          </Button>
        </Stack>
        {errorBox}
      </Stack>
    </form>
  );
}
