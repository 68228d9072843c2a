import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useAssignStudentsMutation } from '@/features/placement/api/placementApi';
import type { StudentRow } from '@/features/placement/types';

interface AssignStudentsDialogProps {
  open: boolean;
  classId: number;
  /** Students of the class who are not the teacher's yet. */
  candidates: StudentRow[];
  onClose: () => void;
}

/** The teacher picks students of the class to follow (spec §2: a multi-select). */
export function AssignStudentsDialog({ open, classId, candidates, onClose }: AssignStudentsDialogProps) {
  const intl = useIntl();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const titleId = useId();
  const legendId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [assign, { isLoading, error, reset }] = useAssignStudentsMutation();

  const close = () => {
    setChosen([]);
    reset();
    onClose();
  };

  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));

  const submit = async () => {
    try {
      await assign({ classId, studentIds: chosen }).unwrap();
      toast.show('teacher.assign.done', 'success', { count: chosen.length });
      close();
    } catch {
      // Shown in the dialog.
    }
  };

  const changingTeacher = candidates.filter((s) => chosen.includes(s.id) && s.teacher !== null);

  return (
    <Dialog open={open} onClose={isLoading ? undefined : close} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>
        <FormattedMessage id="teacher.assign.title" />
      </DialogTitle>
      <DialogContent dividers>
        {candidates.length === 0 ? (
          <Typography>
            <FormattedMessage id="teacher.assign.none" />
          </Typography>
        ) : (
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <FormLabel component="legend" id={legendId} sx={{ color: 'text.primary', mb: 1 }}>
              <FormattedMessage id="teacher.assign.legend" />
            </FormLabel>
            <FormGroup>
              {candidates.map((student) => (
                <FormControlLabel
                  key={student.id}
                  sx={{ alignItems: 'flex-start', py: 0.5, mr: 0 }}
                  control={<Checkbox checked={chosen.includes(student.id)} onChange={() => toggle(student.id)} sx={{ mt: -0.75 }} />}
                  label={
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{student.displayName}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {student.teacher ? (
                          <FormattedMessage id="teacher.overview.teacherName" values={{ name: student.teacher.displayName }} />
                        ) : (
                          <FormattedMessage id="teacher.overview.noTeacher" />
                        )}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </Box>
        )}
        {changingTeacher.length > 0 ? (
          <Typography sx={{ mt: 2 }}>
            <FormattedMessage id="teacher.assign.changesTeacher" values={{ count: changingTeacher.length }} />
          </Typography>
        ) : null}
        {error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'teacher.assign.failed' })} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={isLoading} size="large">
          <FormattedMessage id="placement.cancel" />
        </Button>
        <Button variant="contained" size="large" disabled={chosen.length === 0} loading={isLoading} onClick={() => void submit()}>
          <FormattedMessage id="teacher.assign.submit" values={{ count: chosen.length }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
