import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { AuditTrail } from '@/features/placement/components/AuditTrail';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetClassesQuery, useGetClassUsersQuery } from '../api/classesApi';
import { useGetAllRolesQuery, useGetUserQuery, useUpdateUserMutation } from '../api/usersApi';
import { StudentArchiveSection } from '../archive/StudentArchiveSection';
import { PersonalDataSection } from '../privacy/PersonalDataSection';
import { AdminPage } from '../components/AdminPage';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrors } from '../errors';
import { adminPaths } from '../paths';
import type { AdminUser, Role, SchoolClass, UserPatch } from '../types';
import { roleTitle, sortRoles } from './roleLabels';
import {
  advisorOptions,
  fitPicks,
  initialPicks,
  linkedAdvisorIds,
  samePicks,
  teacherOptions,
  type StudentPicks,
} from './studentPicks';

/** `/admin/users/{id}`: a user's roles, classes, teacher and supervisor (students), and access. */
export function UserPage() {
  const intl = useIntl();
  const { userId } = useParams();
  const id = Number(userId);
  const user = useGetUserQuery(id);
  const roles = useGetAllRolesQuery();
  const classes = useGetClassesQuery();
  const crumbs = [{ label: intl.formatMessage({ id: 'admin.users.title' }), to: adminPaths.users }];
  const error = user.error ?? roles.error ?? classes.error;

  if (user.data && roles.data && classes.data) {
    return (
      <AdminPage title={user.data.displayName} crumbs={crumbs} subtitle={user.data.email}>
        <UserEditor key={user.data.id} user={user.data} roles={roles.data} classes={classes.data} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={intl.formatMessage({ id: 'admin.user.title' })} crumbs={crumbs}>
      {error ? (
        <LoadFailed
          error={error}
          message={intl.formatMessage({ id: hasStatus(error, 404) ? 'admin.user.notFound' : 'admin.common.loadFailed' })}
          retry={
            hasStatus(error, 404)
              ? undefined
              : () => {
                  void user.refetch();
                  void roles.refetch();
                  void classes.refetch();
                }
          }
        />
      ) : (
        <Loading />
      )}
    </AdminPage>
  );
}

const classLabel = (c: SchoolClass) => `${c.subject.subjectCode} – ${c.subject.name}`;

interface UserEditorProps {
  user: AdminUser;
  roles: Role[];
  classes: SchoolClass[];
}

/**
 * The edit form. A student is in exactly one class, with a teacher from
 * that class's teachers and a supervisor from their own supervisors who
 * supervise there; picks that do not fit a newly chosen class are cleared.
 * Teachers and supervisors may have several classes.
 */
export function UserEditor({ user, roles, classes }: UserEditorProps) {
  const intl = useIntl();
  const toast = useToast();
  const formId = useId();
  const roleId = (name: string) => roles.find((role) => role.name === name)?.id ?? -1;
  const [roleIds, setRoleIds] = useState<number[]>(user.roles.map((role) => role.id));
  const [teacherClasses, setTeacherClasses] = useState<number[]>(user.teacherClasses);
  const [advisorClasses, setAdvisorClasses] = useState<number[]>(user.advisorClasses);
  const [startPicks, setStartPicks] = useState(() => initialPicks(user, classes));
  const [picks, setPicks] = useState<StudentPicks>(startPicks);
  const [touched, setTouched] = useState(false);
  const [confirmActive, setConfirmActive] = useState(false);
  const [update, updateState] = useUpdateUserMutation();
  const [setActive, activeState] = useUpdateUserMutation();
  const linked = linkedAdvisorIds(user.studentReferences);
  const classUsers = useGetClassUsersQuery(picks.classId ?? 0, { skip: picks.classId === null });
  const usersOfClass = picks.classId !== null ? classUsers.currentData : undefined;
  const fitted = fitPicks(picks, usersOfClass, linked);
  const teachers = teacherOptions(usersOfClass);
  const advisors = advisorOptions(usersOfClass, linked);

  const isStudent = roleIds.includes(roleId('Student'));
  const isTeacher = roleIds.includes(roleId('Teacher'));
  const isAdvisor = roleIds.includes(roleId('Advisor'));
  const studentChanged = !samePicks(fitted, startPicks);
  const otherClasses = [...new Set(user.studentReferences.map((r) => r.classId))].filter((id) => id !== fitted.classId);
  const server = fieldErrors(updateState.error);
  const rolesError = touched && roleIds.length === 0 ? intl.formatMessage({ id: 'admin.users.rolesRequired' }) : server.roles;
  const classError =
    touched && isStudent && fitted.classId === null
      ? intl.formatMessage({ id: 'admin.user.studentNeedsClass' })
      : (server['studentReferences[0].classId'] ?? server.studentReferences);
  const classById = new Map(classes.map((c) => [c.id, c]));
  const optionLabel = (id: number) => {
    const c = classById.get(id);
    return c ? `${classLabel(c)} (${c.period.name})` : intl.formatMessage({ id: 'admin.user.unknownClass' }, { id });
  };
  const knownFields = [
    'roles',
    'studentReferences',
    'studentReferences[0].classId',
    'studentReferences[0].teacherUserId',
    'studentReferences[0].advisorUserId',
    'teacherClasses',
    'advisorClasses',
  ];
  const otherError =
    updateState.error && !normalizedOnly(updateState.error, knownFields) ? updateState.error : undefined;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (roleIds.length === 0 || (isStudent && fitted.classId === null)) {
      document.getElementById(roleIds.length === 0 ? `${formId}-roles` : `${formId}-class`)?.focus();
      return;
    }
    const patch: UserPatch = { roles: roleIds };
    if (isTeacher) patch.teacherClasses = teacherClasses;
    if (isAdvisor) patch.advisorClasses = advisorClasses;
    // Only when changed: placing a student takes them out of every other class.
    if (isStudent && fitted.classId !== null && (studentChanged || !user.roles.some((r) => r.name === 'Student'))) {
      patch.studentReferences = [
        {
          classId: fitted.classId,
          userId: user.id,
          teacherUserId: fitted.teacherUserId,
          advisorUserId: fitted.advisorUserId,
        },
      ];
    }
    update({ id: user.id, patch })
      .unwrap()
      .then(() => {
        // What was saved is the new starting point.
        setStartPicks(fitted);
        setPicks(fitted);
        toast.saved();
      }, () => undefined);
  };

  return (
    <Stack spacing={3}>
      {user.isActive ? null : (
        <Alert severity="warning" role="status">
          <AlertTitle>
            <FormattedMessage id="admin.user.deactivatedTitle" />
          </AlertTitle>
          <FormattedMessage id="admin.user.deactivatedBody" />
        </Alert>
      )}
      <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <FormControl component="fieldset" required error={Boolean(rolesError)}>
            <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
              <FormattedMessage id="admin.users.roles" />
            </FormLabel>
            <FormGroup row sx={{ columnGap: 2 }}>
              {sortRoles(roles).map((role, index) => (
                <FormControlLabel
                  key={role.id}
                  control={
                    <Checkbox
                      id={index === 0 ? `${formId}-roles` : undefined}
                      checked={roleIds.includes(role.id)}
                      onChange={(event) =>
                        setRoleIds((current) =>
                          event.target.checked ? [...current, role.id] : current.filter((other) => other !== role.id),
                        )
                      }
                    />
                  }
                  label={roleTitle(intl, role)}
                />
              ))}
            </FormGroup>
            {rolesError ? <FormHelperText>{rolesError}</FormHelperText> : null}
          </FormControl>

          {isStudent ? (
            <RoleSection title={intl.formatMessage({ id: 'admin.user.studentHeading' })}>
              <Autocomplete
                options={classes.map((c) => c.id)}
                value={fitted.classId}
                onChange={(_event, value) =>
                  setPicks({ classId: value, teacherUserId: picks.teacherUserId, advisorUserId: picks.advisorUserId })
                }
                groupBy={(id) => classById.get(id)?.period.name ?? ''}
                getOptionLabel={optionLabel}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    id={`${formId}-class`}
                    label={intl.formatMessage({ id: 'admin.user.studentClass' })}
                    required
                    error={Boolean(classError)}
                    helperText={classError ?? intl.formatMessage({ id: 'admin.user.studentClassHelp' })}
                  />
                )}
              />
              <TextField
                select
                label={intl.formatMessage({ id: 'admin.user.teacher' })}
                value={fitted.teacherUserId !== null && teachers.some((t) => t.id === fitted.teacherUserId) ? String(fitted.teacherUserId) : ''}
                onChange={(event) =>
                  setPicks({ ...fitted, teacherUserId: event.target.value === '' ? null : Number(event.target.value) })
                }
                disabled={fitted.classId === null || !usersOfClass}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                error={Boolean(server['studentReferences[0].teacherUserId'])}
                helperText={
                  server['studentReferences[0].teacherUserId'] ??
                  intl.formatMessage({
                    id:
                      fitted.classId !== null && usersOfClass && teachers.length === 0
                        ? 'admin.user.noTeachersInClass'
                        : 'admin.user.teacherHelp',
                  })
                }
              >
                <MenuItem value="">
                  <em>{intl.formatMessage({ id: 'admin.user.nobody' })}</em>
                </MenuItem>
                {teachers.map((teacher) => (
                  <MenuItem key={teacher.id} value={String(teacher.id)}>
                    {teacher.displayName}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={intl.formatMessage({ id: 'admin.user.advisor' })}
                value={fitted.advisorUserId !== null && advisors.some((a) => a.id === fitted.advisorUserId) ? String(fitted.advisorUserId) : ''}
                onChange={(event) =>
                  setPicks({ ...fitted, advisorUserId: event.target.value === '' ? null : Number(event.target.value) })
                }
                disabled={fitted.classId === null || !usersOfClass}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                error={Boolean(server['studentReferences[0].advisorUserId'])}
                helperText={
                  server['studentReferences[0].advisorUserId'] ??
                  intl.formatMessage({
                    id:
                      fitted.classId !== null && usersOfClass && advisors.length === 0
                        ? 'admin.user.noAdvisorsForStudent'
                        : 'admin.user.advisorHelp',
                  })
                }
              >
                <MenuItem value="">
                  <em>{intl.formatMessage({ id: 'admin.user.nobody' })}</em>
                </MenuItem>
                {advisors.map((advisor) => (
                  <MenuItem key={advisor.id} value={String(advisor.id)}>
                    {advisor.displayName}
                  </MenuItem>
                ))}
              </TextField>
              {classUsers.error ? <LoadFailed error={classUsers.error} retry={() => void classUsers.refetch()} /> : null}
              {studentChanged && otherClasses.length > 0 ? (
                <Alert severity="warning">
                  <FormattedMessage
                    id="admin.user.leavesOtherClasses"
                    values={{ classes: otherClasses.map(optionLabel).join(', ') }}
                  />
                </Alert>
              ) : null}
            </RoleSection>
          ) : null}

          {isTeacher ? (
            <RoleSection title={intl.formatMessage({ id: 'admin.user.teacherHeading' })}>
              <ClassesPicker
                label={intl.formatMessage({ id: 'admin.user.teacherClasses' })}
                classes={classes}
                value={teacherClasses}
                onChange={setTeacherClasses}
                optionLabel={optionLabel}
                error={server.teacherClasses}
              />
            </RoleSection>
          ) : null}

          {isAdvisor ? (
            <RoleSection title={intl.formatMessage({ id: 'admin.user.advisorHeading' })}>
              <ClassesPicker
                label={intl.formatMessage({ id: 'admin.user.advisorClasses' })}
                classes={classes}
                value={advisorClasses}
                onChange={setAdvisorClasses}
                optionLabel={optionLabel}
                error={server.advisorClasses}
              />
            </RoleSection>
          ) : null}

          {otherError ? <ErrorBox error={otherError} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} /> : null}
          {touched && (rolesError || classError) && !updateState.error ? (
            <Typography role="alert" sx={{ color: 'error.main' }}>
              <FormattedMessage id="admin.user.fixErrors" />
            </Typography>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" size="large" loading={updateState.isLoading}>
              <FormattedMessage id="admin.common.save" />
            </Button>
          </Box>
        </Stack>
      </Paper>

      {user.roles.some((r) => r.name === 'Student')
        ? [...new Set(user.studentReferences.map((r) => r.classId))].map((classId) => (
            <AuditSection key={classId} studentId={user.id} classId={classId} classLabel={optionLabel(classId)} />
          ))
        : null}
      {user.roles.some((r) => r.name === 'Student') ? <StudentArchiveSection studentId={user.id} /> : null}
      <AccessSection user={user} onToggle={() => setConfirmActive(true)} />
      <PersonalDataSection user={user} />
      <ConfirmDialog
        open={confirmActive}
        title={intl.formatMessage({ id: user.isActive ? 'admin.user.deactivateTitle' : 'admin.user.activateTitle' })}
        confirmLabel={intl.formatMessage({ id: user.isActive ? 'admin.user.deactivate' : 'admin.user.activate' })}
        destructive={user.isActive}
        busy={activeState.isLoading}
        onClose={() => {
          setConfirmActive(false);
          activeState.reset();
        }}
        onConfirm={() => {
          setActive({ id: user.id, patch: { roles: user.roles.map((role) => role.id), isActive: !user.isActive } })
            .unwrap()
            .then(() => {
              setConfirmActive(false);
              toast.saved();
            }, () => undefined);
        }}
      >
        <Typography>
          <FormattedMessage
            id={user.isActive ? 'admin.user.deactivateBody' : 'admin.user.activateBody'}
            values={{ name: user.displayName }}
          />
        </Typography>
        {activeState.error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={activeState.error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
          </Box>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}

function normalizedOnly(error: unknown, fields: string[]): boolean {
  const found = Object.keys(fieldErrors(error));
  return found.length > 0 && found.every((field) => fields.includes(field));
}

function RoleSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

interface ClassesPickerProps {
  label: string;
  classes: SchoolClass[];
  value: number[];
  onChange: (value: number[]) => void;
  optionLabel: (id: number) => string;
  error?: string;
}

/** Several classes, chosen from every class (newest semester first). */
function ClassesPicker({ label, classes, value, onChange, optionLabel, error }: ClassesPickerProps) {
  const byId = new Map(classes.map((c) => [c.id, c]));
  return (
    <Autocomplete
      multiple
      options={classes.map((c) => c.id)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      groupBy={(id) => byId.get(id)?.period.name ?? ''}
      getOptionLabel={optionLabel}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}

/**
 * A student's audit trail in one class, newest first: what was done to the
 * assessment, the warning and the signing form, when and by whom.
 */
function AuditSection({ studentId, classId, classLabel }: { studentId: number; classId: number; classLabel: string }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        <FormattedMessage id="admin.user.auditHeading" values={{ class: classLabel }} />
      </Typography>
      <AuditTrail target={{ classId, studentId }} />
    </Paper>
  );
}

function AccessSection({ user, onToggle }: { user: AdminUser; onToggle: () => void }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.user.accessHeading" />
      </Typography>
      <Typography sx={{ mt: 0.5, mb: 2 }}>
        <FormattedMessage id={user.isActive ? 'admin.user.isActive' : 'admin.user.isInactive'} />
      </Typography>
      <Button variant="outlined" color={user.isActive ? 'error' : 'primary'} onClick={onToggle}>
        <FormattedMessage id={user.isActive ? 'admin.user.deactivate' : 'admin.user.activate'} />
      </Button>
    </Paper>
  );
}
