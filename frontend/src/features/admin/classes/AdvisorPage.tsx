import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import {
  useAddAdvisorStudentsMutation,
  useGetAdvisorStudentsQuery,
  useGetClassQuery,
  useGetClassUsersQuery,
} from '../api/classesApi';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { AdminPage } from '../components/AdminPage';
import { adminPaths } from '../paths';
import type { Person } from '../types';
import { classCrumbs, className } from './ClassPage';

/** `/admin/class/{classId}/advisor/{userId}`: a supervisor's students in a class, and adding more. */
export function AdvisorPage() {
  const intl = useIntl();
  const params = useParams();
  const classId = Number(params.classId);
  const userId = Number(params.userId);
  const headingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const [adding, setAdding] = useState(false);
  const schoolClass = useGetClassQuery(classId);
  const users = useGetClassUsersQuery(classId);
  const students = useGetAdvisorStudentsQuery({ classId, userId });
  const advisor = users.data?.advisors.find((person) => person.id === userId);
  const crumbs = classCrumbs(intl, schoolClass.data);
  if (schoolClass.data) crumbs.push({ label: className(schoolClass.data), to: adminPaths.schoolClass(classId) });
  const title = advisor?.displayName ?? intl.formatMessage({ id: 'admin.advisor.title' });
  const followed = new Set(students.data?.map((student) => student.id) ?? []);
  const candidates = users.data?.students.filter((student) => !followed.has(student.id)) ?? [];
  const notAdvisor = hasStatus(students.error, 404);

  return (
    <AdminPage
      title={title}
      crumbs={crumbs}
      subtitle={
        schoolClass.data
          ? intl.formatMessage({ id: 'admin.advisor.subtitle' }, { className: className(schoolClass.data) })
          : undefined
      }
    >
      {students.isLoading || users.isLoading ? <Loading /> : null}
      {notAdvisor ? (
        <EmptyState centered>
          <FormattedMessage id="admin.advisor.notAdvisor" />
        </EmptyState>
      ) : null}
      {students.error && !notAdvisor ? (
        <LoadFailed error={students.error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void students.refetch()} />
      ) : null}
      {users.error ? <LoadFailed error={users.error} retry={() => void users.refetch()} /> : null}
      {students.data ? (
        <Box component="section" aria-labelledby={headingId}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography variant="h2" id={headingId} sx={{ flexGrow: 1 }}>
              <FormattedMessage id="admin.advisor.studentsHeading" values={{ count: students.data.length }} />
            </Typography>
            <Button
              ref={addButton}
              variant="contained"
              startIcon={<AddIcon aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={!users.data}
            >
              <FormattedMessage id="admin.advisor.add" />
            </Button>
          </Box>
          {students.data.length === 0 ? (
            <EmptyState centered>
              <FormattedMessage id="admin.advisor.noStudents" />
            </EmptyState>
          ) : (
            <Paper variant="outlined">
              <List disablePadding aria-labelledby={headingId}>
                {students.data.map((student, index) => (
                  <ListItem key={student.id} disablePadding divider={index < (students.data?.length ?? 0) - 1}>
                    <ListItemButton component={RouterLink} to={adminPaths.user(student.id)} sx={{ minHeight: 52 }}>
                      <ListItemText primary={student.displayName} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </Box>
      ) : null}
      {adding ? (
        <AddStudentsDialog
          classId={classId}
          userId={userId}
          candidates={candidates}
          onClose={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      ) : null}
    </AdminPage>
  );
}

interface AddStudentsDialogProps {
  classId: number;
  userId: number;
  /** Students of the class the supervisor does not follow yet. */
  candidates: Person[];
  onClose: () => void;
}

function AddStudentsDialog({ classId, userId, candidates, onClose }: AddStudentsDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [add, { isLoading, error }] = useAddAdvisorStudentsMutation();

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>
        <FormattedMessage id="admin.advisor.addTitle" />
      </DialogTitle>
      <DialogContent dividers>
        {candidates.length === 0 ? (
          <Typography>
            <FormattedMessage id="admin.advisor.noCandidates" />
          </Typography>
        ) : (
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              <FormattedMessage id="admin.advisor.chooseStudents" />
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>
              <FormattedMessage id="admin.advisor.addIntro" />
            </Typography>
            <FormGroup>
              {candidates.map((student) => (
                <FormControlLabel
                  key={student.id}
                  control={
                    <Checkbox
                      checked={chosen.includes(student.id)}
                      onChange={(event) =>
                        setChosen((current) =>
                          event.target.checked ? [...current, student.id] : current.filter((id) => id !== student.id),
                        )
                      }
                    />
                  }
                  label={student.displayName}
                />
              ))}
            </FormGroup>
          </Box>
        )}
        {error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isLoading}>
          <FormattedMessage id="admin.common.cancel" />
        </Button>
        <Button
          variant="contained"
          loading={isLoading}
          disabled={chosen.length === 0}
          onClick={() => {
            add({ classId, userId, studentIds: chosen })
              .unwrap()
              .then(() => {
                toast.saved();
                onClose();
              }, () => undefined);
          }}
        >
          <FormattedMessage id="admin.advisor.addConfirm" values={{ count: chosen.length }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
