import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useCreateSubjectMutation, useGetSubjectsQuery, useUpdateSubjectMutation } from '../api/subjectsApi';
import { AdminPage } from '../components/AdminPage';
import { fieldErrors, onlyFieldErrors } from '../errors';
import type { Subject } from '../types';

/** Longest subject code and name the form takes. */
const LIMITS = { subjectCode: 32, name: 200 } as const;

/** `/admin/subjects`: every subject by code, with a modal to create or edit one. */
export function SubjectsPage() {
  const intl = useIntl();
  const { data: subjects, error, isLoading, refetch } = useGetSubjectsQuery();
  // null: closed; 'new': creating; a subject: editing it.
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);

  return (
    <AdminPage
      title={intl.formatMessage({ id: 'admin.subjects.title' })}
      actions={
        <Button variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setEditing('new')}>
          <FormattedMessage id="admin.subjects.add" />
        </Button>
      }
    >
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.subjects.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {subjects?.length === 0 ? (
        <EmptyState centered>
          <FormattedMessage id="admin.subjects.empty" />
        </EmptyState>
      ) : null}
      {subjects && subjects.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={intl.formatMessage({ id: 'admin.subjects.title' })}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  <FormattedMessage id="admin.subjects.code" />
                </TableCell>
                <TableCell component="th" scope="col">
                  <FormattedMessage id="admin.subjects.name" />
                </TableCell>
                <TableCell component="th" scope="col" align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                  <FormattedMessage id="admin.subjects.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subjects.map((subject) => (
                <TableRow key={subject.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere', px: { xs: 1.5, sm: 2 } }}>
                    {subject.subjectCode}
                  </TableCell>
                  <TableCell sx={{ px: { xs: 1, sm: 2 }, hyphens: 'auto', overflowWrap: 'anywhere' }}>{subject.name}</TableCell>
                  <TableCell align="right" sx={{ py: 0.5, px: { xs: 0.5, sm: 2 } }}>
                    <Button
                      startIcon={<EditIcon aria-hidden />}
                      onClick={() => setEditing(subject)}
                      aria-label={intl.formatMessage({ id: 'admin.subjects.editNamed' }, { code: subject.subjectCode })}
                      sx={{ minHeight: 48, minWidth: 48, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 1 } } }}
                    >
                      {/* On a phone the pencil alone; the button keeps its name. */}
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                        <FormattedMessage id="admin.common.edit" />
                      </Box>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing !== null ? (
        <SubjectDialog subject={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

/**
 * Creates or edits a subject. Code and name are required; the server's
 * messages (a code in use, 409) are shown at the field they concern.
 */
export function SubjectDialog({ subject, onClose }: { subject: Subject | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [code, setCode] = useState(subject?.subjectCode ?? '');
  const [name, setName] = useState(subject?.name ?? '');
  const [touched, setTouched] = useState(false);
  const [create, createState] = useCreateSubjectMutation();
  const [update, updateState] = useUpdateSubjectMutation();
  const state = subject ? updateState : createState;
  const server = fieldErrors(state.error);
  const required = intl.formatMessage({ id: 'admin.common.required' });
  const codeError = touched && code.trim() === '' ? required : server.subjectCode;
  const nameError = touched && name.trim() === '' ? required : server.name;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (code.trim() === '' || name.trim() === '') {
      document.getElementById(code.trim() === '' ? `${titleId}-code` : `${titleId}-name`)?.focus();
      return;
    }
    const body = { subjectCode: code.trim(), name: name.trim() };
    const request = subject ? update({ id: subject.id, ...body }) : create(body);
    request.unwrap().then(
      () => {
        toast.saved();
        onClose();
      },
      (error: unknown) => {
        const fields = fieldErrors(error);
        if (fields.subjectCode) document.getElementById(`${titleId}-code`)?.focus();
        else if (fields.name) document.getElementById(`${titleId}-name`)?.focus();
      },
    );
  };

  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          <FormattedMessage id={subject ? 'admin.subjects.editTitle' : 'admin.subjects.createTitle'} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id={`${titleId}-code`}
              label={intl.formatMessage({ id: 'admin.subjects.code' })}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
              autoFocus
              error={Boolean(codeError)}
              helperText={codeError ?? intl.formatMessage({ id: 'admin.subjects.codeHelp' })}
              slotProps={{ htmlInput: { maxLength: LIMITS.subjectCode, autoCapitalize: 'characters' } }}
            />
            <TextField
              id={`${titleId}-name`}
              label={intl.formatMessage({ id: 'admin.subjects.name' })}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={Boolean(nameError)}
              helperText={nameError}
              slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
            />
            {state.error && !onlyFieldErrors(state.error, ['subjectCode', 'name']) ? (
              <ErrorBox error={state.error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={state.isLoading}>
            <FormattedMessage id="admin.common.cancel" />
          </Button>
          <Button type="submit" variant="contained" loading={state.isLoading}>
            <FormattedMessage id="admin.common.save" />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
