import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import type { MessageId } from '@/i18n/messages';
import { useSaveWarningDraftMutation, useSubmitWarningMutation, type StudentInClass } from '../api/placementApi';
import { useFormatters } from '../format';
import type { Warning, WarningDeadline, WarningTexts } from '../types';
import {
  clampWarningText,
  EMPTY_WARNING,
  isWarningComplete,
  sameWarningTexts,
  WARNING_AUTOSAVE_MS,
  WARNING_FIELDS,
  WARNING_TEXT_MAX,
  type WarningField,
} from '../warningRules';

const FIELD_TEXT: Record<WarningField, { label: MessageId; help: MessageId }> = {
  comment: { label: 'placement.warning.field.comment', help: 'placement.warning.field.comment.help' },
  passRequirement: { label: 'placement.warning.field.passRequirement', help: 'placement.warning.field.passRequirement.help' },
  passRequirementSummary: {
    label: 'placement.warning.field.passRequirementSummary',
    help: 'placement.warning.field.passRequirementSummary.help',
  },
};

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: string } | { status: 'failed'; error: unknown };

interface WarningDialogProps {
  open: boolean;
  target: StudentInClass;
  studentName: string;
  /** The draft so far, if any. */
  warning: Warning | null;
  deadline: WarningDeadline | null;
  onClose: () => void;
  /** Called after the warning has been sent. */
  onSent: () => void;
}

const textsOf = (warning: Warning | null): WarningTexts =>
  warning
    ? { comment: warning.comment, passRequirement: warning.passRequirement, passRequirementSummary: warning.passRequirementSummary }
    : EMPTY_WARNING;

/**
 * The teacher writes a warning of possible failure (spec §5): the reason,
 * the requirement to pass and a summary, each required and at most 10 000
 * characters. The draft is saved 3 seconds after the last edit, on close,
 * and when the warning is sent; sending is possible once all three are
 * filled in.
 */
export function WarningDialog({ open, target, studentName, warning, deadline, onClose, onSent }: WarningDialogProps) {
  const intl = useIntl();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const format = useFormatters();
  const titleId = useId();
  const [texts, setTexts] = useState<WarningTexts>(() => textsOf(warning));
  const [savedTexts, setSavedTexts] = useState<WarningTexts>(() => textsOf(warning));
  const [saveState, setSaveState] = useState<SaveState>(
    warning ? { status: 'saved', at: warning.updatedAt } : { status: 'idle' },
  );
  const [saveDraft] = useSaveWarningDraftMutation();
  const [submit, { isLoading: sending, error: sendError, reset: resetSend }] = useSubmitWarningMutation();

  const save = useCallback(
    async (draft: WarningTexts) => {
      setSaveState({ status: 'saving' });
      try {
        const result = await saveDraft({ ...target, texts: draft }).unwrap();
        setSavedTexts(draft);
        setSaveState({ status: 'saved', at: result.updatedAt });
      } catch (error) {
        setSaveState({ status: 'failed', error });
      }
    },
    [saveDraft, target],
  );

  // The draft is saved 3 seconds after the last edit.
  const dirty = !sameWarningTexts(texts, savedTexts);
  useEffect(() => {
    if (!open || !dirty || sending) return;
    const timer = window.setTimeout(() => void save(texts), WARNING_AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [open, dirty, sending, texts, save]);

  const edit = (field: WarningField, value: string) => {
    resetSend();
    setTexts((current) => ({ ...current, [field]: clampWarningText(value) }));
  };

  const close = () => {
    if (dirty) void save(texts);
    onClose();
  };

  const send = async () => {
    try {
      await submit({ ...target, texts }).unwrap();
      setSavedTexts(texts);
      onSent();
    } catch {
      // Shown in the dialog.
    }
  };

  const complete = isWarningComplete(texts);

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>
        <FormattedMessage id="placement.warning.dialog.title" values={{ name: studentName }} />
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Alert severity="info">
            <Typography sx={{ mb: 1 }}>
              <FormattedMessage id="placement.warning.dialog.intro" />
            </Typography>
            {deadline ? (
              <Typography sx={{ fontWeight: 600 }}>
                <FormattedMessage id="placement.warning.deadline" values={{ date: format.longDay(deadline.lastDate) }} />
              </Typography>
            ) : null}
          </Alert>
          {WARNING_FIELDS.map((field) => (
            <TextField
              key={field}
              label={intl.formatMessage({ id: FIELD_TEXT[field].label })}
              value={texts[field]}
              onChange={(event) => edit(field, event.target.value)}
              required
              multiline
              rows={5}
              fullWidth
              disabled={sending}
              slotProps={{ htmlInput: { maxLength: WARNING_TEXT_MAX } }}
              helperText={
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                  <span>{intl.formatMessage({ id: FIELD_TEXT[field].help })}</span>
                  <span>
                    {intl.formatMessage(
                      { id: 'placement.warning.count' },
                      { count: intl.formatNumber(texts[field].length), max: intl.formatNumber(WARNING_TEXT_MAX) },
                    )}
                  </span>
                </Box>
              }
            />
          ))}
          <SaveStatus state={saveState} dirty={dirty} format={format.moment} />
          {sendError ? <ErrorBox error={sendError} message={intl.formatMessage({ id: 'placement.warning.sendFailed' })} /> : null}
          {!complete ? (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="placement.warning.fillAll" />
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={sending} size="large">
          <FormattedMessage id="placement.warning.dialog.close" />
        </Button>
        <Button variant="contained" color="warning" size="large" disabled={!complete} loading={sending} onClick={() => void send()}>
          <FormattedMessage id="placement.warning.dialog.send" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SaveStatus({ state, dirty, format }: { state: SaveState; dirty: boolean; format: (at: string) => string }) {
  const intl = useIntl();
  let text: string | null = null;
  if (state.status === 'saving') text = intl.formatMessage({ id: 'placement.warning.saving' });
  else if (state.status === 'failed') text = null;
  else if (dirty) text = intl.formatMessage({ id: 'placement.warning.unsaved' });
  else if (state.status === 'saved') text = intl.formatMessage({ id: 'placement.warning.saved' }, { when: format(state.at) });
  return (
    <>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', minHeight: '1.5em' }}>
        {text}
      </Typography>
      {state.status === 'failed' ? (
        <ErrorBox error={state.error} message={intl.formatMessage({ id: 'placement.warning.saveFailed' })} />
      ) : null}
    </>
  );
}
