import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useCreateClassMutation } from '../api/semestersApi';
import type { Period, Subject } from '../types';

interface AddSubjectsDialogProps {
  period: Period;
  subjects: Subject[];
  /** Subjects the semester has already; shown ticked, and cannot be removed. */
  existing: ReadonlySet<number>;
  onClose: () => void;
}

/**
 * Adds subjects to a semester (one class each). Every subject is listed;
 * those already in the semester are ticked and cannot be unticked (spec §5).
 */
export function AddSubjectsDialog({ period, subjects, existing, onClose }: AddSubjectsDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; subject: Subject } | null>(null);
  const [createClass] = useCreateClassMutation();
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? subjects.filter((s) => `${s.subjectCode} ${s.name}`.toLowerCase().includes(needle))
    : subjects;
  const available = subjects.filter((s) => !existing.has(s.id)).length;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const save = async () => {
    setBusy(true);
    setFailure(null);
    const remaining = [...chosen];
    // One class per subject; stop at the first failure and keep the rest ticked.
    for (const subjectId of chosen) {
      try {
        await createClass({ subjectId, periodId: period.id }).unwrap();
        remaining.shift();
      } catch (error) {
        const subject = subjects.find((s) => s.id === subjectId);
        if (subject) setFailure({ error, subject });
        setChosen(remaining);
        setBusy(false);
        return;
      }
    }
    setBusy(false);
    toast.saved();
    onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>
        <FormattedMessage id="admin.semester.addTitle" values={{ name: period.name }} />
      </DialogTitle>
      <DialogContent dividers>
        {available === 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            <FormattedMessage id="admin.semester.allAdded" />
          </Alert>
        ) : null}
        {subjects.length > 8 ? (
          <TextField
            label={intl.formatMessage({ id: 'admin.semester.filter' })}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            fullWidth
            size="small"
            sx={{ mb: 2 }}
            type="search"
          />
        ) : null}
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            <FormattedMessage id="admin.semester.chooseSubjects" />
          </Typography>
          <FormGroup>
            {shown.map((subject) => {
              const there = existing.has(subject.id);
              const label = `${subject.subjectCode} – ${subject.name}`;
              return (
                <FormControlLabel
                  key={subject.id}
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { mt: -1 } }}
                  control={
                    <Checkbox
                      checked={there || chosen.includes(subject.id)}
                      disabled={there || busy}
                      onChange={(event) => toggle(subject.id, event.target.checked)}
                    />
                  }
                  label={
                    there ? (
                      <>
                        {label}
                        <Typography component="span" sx={{ display: 'block', fontSize: '0.875rem', color: 'text.secondary' }}>
                          <FormattedMessage id="admin.semester.alreadyThere" />
                        </Typography>
                      </>
                    ) : (
                      label
                    )
                  }
                />
              );
            })}
          </FormGroup>
          {shown.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="admin.semester.noMatch" />
            </Typography>
          ) : null}
        </Box>
        {failure ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox
              error={failure.error}
              message={intl.formatMessage({ id: 'admin.semester.addFailed' }, { code: failure.subject.subjectCode })}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="admin.common.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={busy} disabled={chosen.length === 0}>
          <FormattedMessage id="admin.semester.addConfirm" values={{ count: chosen.length }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
