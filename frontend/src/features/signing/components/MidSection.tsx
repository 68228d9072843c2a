import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSigningFormat } from '../format';
import type { SigningForm, SigningFormValues, YesNo, YesNoNotRelevant } from '../types';
import { AnswerList } from './AnswerList';
import { ChoiceQuestion } from './ChoiceQuestion';
import { SectionCard } from './SectionCard';
import { ConfirmDialog } from '@/components/ConfirmDialog';

const FEEDBACK_OPTIONS: readonly YesNoNotRelevant[] = ['yes', 'no', 'notRelevant'];
const YES_NO: readonly YesNo[] = ['yes', 'no'];

/** The mid section's part of the values. */
export type MidValues = Pick<
  SigningFormValues,
  'midSemesterStudentHasGivenFeedback' | 'midSemesterSpecificCompetenceAreasBegun' | 'midSemesterCompletedDate'
>;

interface MidSectionProps {
  form: SigningForm;
  /** The teacher may change it: not confirmed, not locked, nobody signed. */
  editable: boolean;
  saving: boolean;
  /** Server complaints by field name. */
  fieldErrors: Record<string, string>;
  /** Why the last save failed, shown under the buttons. */
  errorBox?: ReactNode;
  /** Saves the section; `confirm` when the date is sent. Resolves true when saved. */
  onSave: (values: MidValues, confirm: boolean) => Promise<boolean>;
}

/**
 * The mid-placement part: has the student given feedback, have the specific
 * competence areas begun, and the date it was held. The teacher fills it in
 * and confirms it (after a question), which locks it; everyone else reads it.
 */
export function MidSection({ form, editable, saving, fieldErrors, errorBox, onSave }: MidSectionProps) {
  const intl = useIntl();
  const format = useSigningFormat();
  const headingId = useId();
  const title = intl.formatMessage({ id: 'signing.mid.heading' });

  if (!editable) {
    const confirmed = form.midSemesterCompletedDate;
    return (
      <SectionCard title={title} headingId={headingId}>
        <AnswerList
          items={[
            {
              label: intl.formatMessage({ id: 'signing.q.midFeedback' }),
              value: format.answer(form.midSemesterStudentHasGivenFeedback),
            },
            {
              label: intl.formatMessage({ id: 'signing.q.midSpecificBegun' }),
              value: format.answer(form.midSemesterSpecificCompetenceAreasBegun),
            },
            {
              label: intl.formatMessage({ id: 'signing.q.midDate' }),
              value: confirmed ? format.date(confirmed) : format.answer(null),
            },
          ]}
        />
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          {confirmed ? (
            <FormattedMessage id="signing.mid.confirmed" values={{ date: format.date(confirmed) }} />
          ) : (
            <FormattedMessage id="signing.mid.notConfirmed" />
          )}
        </Typography>
      </SectionCard>
    );
  }
  return (
    <SectionCard title={title} headingId={headingId}>
      <MidForm
        form={form}
        headingId={headingId}
        saving={saving}
        fieldErrors={fieldErrors}
        errorBox={errorBox}
        onSave={onSave}
      />
    </SectionCard>
  );
}

function MidForm({
  form,
  headingId,
  saving,
  fieldErrors,
  errorBox,
  onSave,
}: Omit<MidSectionProps, 'editable'> & { headingId: string }) {
  const intl = useIntl();
  const format = useSigningFormat();
  const helpId = useId();
  const [feedback, setFeedback] = useState(form.midSemesterStudentHasGivenFeedback);
  const [begun, setBegun] = useState(form.midSemesterSpecificCompetenceAreasBegun);
  const [date, setDate] = useState(form.midSemesterCompletedDate ?? '');
  const [dateMissing, setDateMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'draft' | 'confirm' | null>(null);

  const save = async (confirm: boolean) => {
    setPending(confirm ? 'confirm' : 'draft');
    const saved = await onSave(
      {
        midSemesterStudentHasGivenFeedback: feedback,
        midSemesterSpecificCompetenceAreasBegun: begun,
        midSemesterCompletedDate: confirm ? date : null,
      },
      confirm,
    );
    setPending(null);
    // Whatever happened shows on the page: saved, or why not.
    setConfirming(false);
    return saved;
  };

  const dateError = fieldErrors.midSemesterCompletedDate ?? (dateMissing && !date ? intl.formatMessage({ id: 'signing.requiredDate' }) : null);

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <Stack spacing={3}>
        <ChoiceQuestion
          name="midSemesterStudentHasGivenFeedback"
          label={intl.formatMessage({ id: 'signing.q.midFeedback' })}
          options={FEEDBACK_OPTIONS}
          value={feedback}
          onChange={setFeedback}
          serverError={fieldErrors.midSemesterStudentHasGivenFeedback}
        />
        <ChoiceQuestion
          name="midSemesterSpecificCompetenceAreasBegun"
          label={intl.formatMessage({ id: 'signing.q.midSpecificBegun' })}
          options={YES_NO}
          value={begun}
          onChange={setBegun}
          serverError={fieldErrors.midSemesterSpecificCompetenceAreasBegun}
        />
        <TextField
          type="date"
          name="midSemesterCompletedDate"
          label={intl.formatMessage({ id: 'signing.q.midDate' })}
          required
          value={date}
          onChange={(event) => {
            setDateMissing(false);
            setDate(event.target.value);
          }}
          error={dateError !== null}
          helperText={dateError ?? intl.formatMessage({ id: 'signing.q.midDate.help' })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { onInvalid: () => setDateMissing(true) },
          }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="signing.saveDraft.help" />
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saving}
            loading={pending === 'confirm'}
          >
            <FormattedMessage id="signing.confirmMid" />
          </Button>
          <Button
            type="button"
            variant="outlined"
            size="large"
            disabled={saving}
            loading={pending === 'draft'}
            aria-describedby={helpId}
            onClick={() => void save(false)}
          >
            <FormattedMessage id="signing.saveDraft" />
          </Button>
        </Stack>
        {errorBox}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({ id: 'signing.confirmMid.title' })}
        confirmLabel={intl.formatMessage({ id: 'signing.confirmMid.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'signing.dialog.cancel' })}
        busy={pending === 'confirm'}
        onConfirm={() => void save(true)}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          <FormattedMessage id="signing.confirmMid.body" values={{ date: date ? format.date(date) : '' }} />
        </Typography>
      </ConfirmDialog>
    </form>
  );
}
