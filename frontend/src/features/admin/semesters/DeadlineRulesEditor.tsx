import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DeadlineAnchor, DeadlineRule } from '@/api/types';
import { ErrorBox } from '@/components/ErrorBox';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useToast } from '@/components/toast/useToast';
import { PARTY_NAME } from '@/features/placement/roles';
import type { MessageId } from '@/i18n/messages';
import { useGetFormsQuery } from '../api/formsApi';
import { useGetSemesterDeadlineRulesQuery, useSaveSemesterDeadlineRulesMutation } from '../api/semestersApi';
import type { FormSummary } from '../types';
import { choicesOf, deadlineRows, rulesOf, type DeadlineChoice, type DeadlineRow } from './deadlineRows';

/** The choices of what a rule counts from; the first is no rule. */
export const ANCHORS: { value: DeadlineAnchor | ''; label: MessageId }[] = [
  { value: '', label: 'admin.deadlines.none' },
  { value: 'midSemester', label: 'admin.deadlines.fromMid' },
  { value: 'endSemester', label: 'admin.deadlines.fromEnd' },
  { value: 'fixed', label: 'admin.deadlines.fixed' },
];

/**
 * `/admin/semesters/{id}`'s deadlines: for each form's half and role and
 * for the signing form, no deadline, N days before (negative) or after the
 * class's mid-semester or end date, or a fixed date. One save replaces the
 * semester's rules; every class of the semester follows them.
 */
export function DeadlineRulesEditor({ periodId }: { periodId: number }) {
  const intl = useIntl();
  const headingId = useId();
  const forms = useGetFormsQuery();
  const rules = useGetSemesterDeadlineRulesQuery(periodId);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        <FormattedMessage id="admin.deadlines.heading" />
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        <FormattedMessage id="admin.deadlines.intro" />
      </Typography>
      {forms.error || rules.error ? (
        <LoadFailed
          error={forms.error ?? rules.error}
          message={intl.formatMessage({ id: 'admin.common.loadFailed' })}
          retry={() => {
            void forms.refetch();
            void rules.refetch();
          }}
        />
      ) : !forms.data || !rules.data ? (
        <Loading />
      ) : (
        <Editor periodId={periodId} forms={forms.data} saved={rules.data.rules} />
      )}
    </Box>
  );
}

function Editor({ periodId, forms, saved }: { periodId: number; forms: FormSummary[]; saved: DeadlineRule[] }) {
  const intl = useIntl();
  const toast = useToast();
  const rows = useMemo(() => deadlineRows(forms), [forms]);
  const [choices, setChoices] = useState<Record<string, DeadlineChoice>>(() => choicesOf(saved));
  const [save, saving] = useSaveSemesterDeadlineRulesMutation();
  const set = (key: string, change: Partial<DeadlineChoice>) =>
    setChoices((all) => ({ ...all, [key]: { anchor: '', offsetDays: '0', fixedDate: '', ...all[key], ...change } }));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save({ periodId, body: { rules: rulesOf(rows, choices) } })
          .unwrap()
          .then((answer) => {
            setChoices(choicesOf(answer.rules));
            toast.saved();
          })
          .catch(() => undefined);
      }}
    >
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <RuleLine key={row.key} row={row} choice={choices[row.key]} onChange={(change) => set(row.key, change)} />
        ))}
      </Stack>
      {saving.error ? (
        <Box sx={{ mt: 2 }}>
          <ErrorBox error={saving.error} message={intl.formatMessage({ id: 'admin.deadlines.saveFailed' })} />
        </Box>
      ) : null}
      <Button type="submit" variant="contained" size="large" loading={saving.isLoading} sx={{ mt: 2 }}>
        <FormattedMessage id="admin.deadlines.save" />
      </Button>
    </Box>
  );
}

/** The name of a line: the form, half and role, or the signing form's part. */
export function rowLabel(intl: ReturnType<typeof useIntl>, row: DeadlineRow): string {
  const role = intl.formatMessage({ id: PARTY_NAME[row.role] });
  if (row.item === 'signingEnd') return intl.formatMessage({ id: 'admin.deadlines.signingEnd' });
  if (row.item === 'signature') return intl.formatMessage({ id: 'admin.deadlines.signature' }, { role });
  const half = intl.formatMessage({ id: row.isMidSemester ? 'placement.half.mid' : 'placement.half.end' });
  return intl.formatMessage({ id: 'admin.deadlines.answers' }, { form: row.formName ?? '', half, role });
}

function RuleLine({
  row,
  choice,
  onChange,
}: {
  row: DeadlineRow;
  choice: DeadlineChoice | undefined;
  onChange: (change: Partial<DeadlineChoice>) => void;
}) {
  const intl = useIntl();
  const label = rowLabel(intl, row);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-rule={row.key}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>{label}</Typography>
        <RuleFields label={label} choice={choice} onChange={onChange} anchors={ANCHORS} />
      </Stack>
    </Paper>
  );
}

/**
 * The fields of one rule: what it counts from (anchors lists the
 * choices), and the days or the date.
 */
export function RuleFields({
  label,
  choice,
  onChange,
  anchors,
}: {
  label: string;
  choice: DeadlineChoice | undefined;
  onChange: (change: Partial<DeadlineChoice>) => void;
  anchors: readonly { value: DeadlineAnchor | ''; label: MessageId }[];
}) {
  const intl = useIntl();
  const anchor = choice?.anchor ?? '';
  return (
    <>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'admin.deadlines.when' })}
        value={anchor}
        onChange={(event) => onChange({ anchor: event.target.value as DeadlineAnchor | '' })}
        slotProps={{ htmlInput: { 'aria-label': `${label}: ${intl.formatMessage({ id: 'admin.deadlines.when' })}` } }}
        sx={{ minWidth: { md: 260 } }}
      >
        {anchors.map((a) => (
          <MenuItem key={a.value} value={a.value}>
            <FormattedMessage id={a.label} />
          </MenuItem>
        ))}
      </TextField>
      {anchor === 'midSemester' || anchor === 'endSemester' ? (
        <TextField
          size="small"
          type="number"
          label={intl.formatMessage({ id: 'admin.deadlines.days' })}
          helperText={intl.formatMessage({ id: 'admin.deadlines.daysHelp' })}
          value={choice?.offsetDays ?? '0'}
          onChange={(event) => onChange({ offsetDays: event.target.value })}
          slotProps={{ htmlInput: { min: -366, max: 366, 'aria-label': `${label}: ${intl.formatMessage({ id: 'admin.deadlines.days' })}` } }}
          sx={{ width: { md: 200 } }}
        />
      ) : null}
      {anchor === 'fixed' ? (
        <TextField
          size="small"
          type="date"
          required
          label={intl.formatMessage({ id: 'admin.deadlines.date' })}
          value={choice?.fixedDate ?? ''}
          onChange={(event) => onChange({ fixedDate: event.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': `${label}: ${intl.formatMessage({ id: 'admin.deadlines.date' })}` },
          }}
          sx={{ width: { md: 200 } }}
        />
      ) : null}
    </>
  );
}
