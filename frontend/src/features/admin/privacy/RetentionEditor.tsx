import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useToast } from '@/components/toast/useToast';
import { useSaveRetentionMutation } from '@/features/personalData/personalDataApi';
import type { RetentionPolicy } from '@/features/personalData/types';
import type { MessageId } from '@/i18n/messages';
import { fieldErrors, onlyFieldErrors } from '../errors';

/** The fields of the policy, their unit and accepted range (as the server checks them). */
const FIELDS: { key: keyof RetentionPolicy; label: MessageId; min: number; max: number }[] = [
  { key: 'workingDataMonths', label: 'admin.privacy.field.workingDataMonths', min: 1, max: 120 },
  { key: 'inactiveAccountMonths', label: 'admin.privacy.field.inactiveAccountMonths', min: 1, max: 120 },
  { key: 'sessionDays', label: 'admin.privacy.field.sessionDays', min: 1, max: 365 },
  { key: 'oneTimeCodeDays', label: 'admin.privacy.field.oneTimeCodeDays', min: 1, max: 30 },
  { key: 'unsentMailDays', label: 'admin.privacy.field.unsentMailDays', min: 1, max: 30 },
  { key: 'archivedResultYears', label: 'admin.privacy.field.archivedResultYears', min: 0, max: 100 },
];

type Draft = Record<keyof RetentionPolicy, string>;

const draftOf = (p: RetentionPolicy): Draft =>
  Object.fromEntries(FIELDS.map((f) => [f.key, String(p[f.key])])) as Draft;

/**
 * The school's retention policy, as a form of whole numbers; the server names each value out of range.
 * Keyed by the saved policy, so a new one starts a fresh draft.
 */
export function RetentionEditor({ policy }: { policy: RetentionPolicy }) {
  const intl = useIntl();
  const toast = useToast();
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy));
  const [save, saving] = useSaveRetentionMutation();
  const errors = fieldErrors(saving.error);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(FIELDS.map((f) => [f.key, Number(draft[f.key])])) as unknown as RetentionPolicy;
    save(body)
      .unwrap()
      .then(toast.saved, (error: unknown) => {
        if (!onlyFieldErrors(error, FIELDS.map((f) => f.key))) toast.error(error);
      });
  };

  return (
    <Paper component="form" aria-labelledby={headingId} variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        <FormattedMessage id="admin.privacy.policyHeading" />
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: '70ch', color: 'text.secondary' }}>
        <FormattedMessage id="admin.privacy.policyIntro" />
      </Typography>
      <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            name={f.key}
            label={intl.formatMessage({ id: f.label })}
            type="number"
            value={draft[f.key]}
            onChange={(event) => setDraft({ ...draft, [f.key]: event.target.value })}
            slotProps={{ htmlInput: { min: f.min, max: f.max, step: 1, inputMode: 'numeric' } }}
            error={Boolean(errors[f.key])}
            helperText={errors[f.key] ?? intl.formatMessage({ id: 'admin.privacy.range' }, { min: f.min, max: f.max })}
          />
        ))}
        <Button type="submit" variant="contained" size="large" loading={saving.isLoading} sx={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="admin.common.save" />
        </Button>
      </Stack>
    </Paper>
  );
}
