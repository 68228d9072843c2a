import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { mailtoHref } from '@/lib/url';
import { useCreateUserMutation, useGetAllRolesQuery } from '../api/usersApi';
import { fieldErrors, onlyFieldErrors } from '../errors';
import type { AdminUser } from '../types';
import { roleTitle, sortRoles } from './roleLabels';

/** Creates a user: name, e-mail (unique) and at least one role. */
export function CreateUserDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (user: AdminUser) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const roles = useGetAllRolesQuery();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  const [create, { isLoading, error }] = useCreateUserMutation();
  const server = fieldErrors(error);
  const required = intl.formatMessage({ id: 'admin.common.required' });
  const nameError = touched && !name.trim() ? required : server.displayName;
  let emailError = server.email;
  if (touched && !email.trim()) emailError = required;
  else if (touched && !mailtoHref(email)) emailError = intl.formatMessage({ id: 'admin.users.emailInvalid' });
  const rolesError = touched && roleIds.length === 0 ? intl.formatMessage({ id: 'admin.users.rolesRequired' }) : server.roles;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || !mailtoHref(email) || roleIds.length === 0) {
      const first = !name.trim() ? 'name' : !mailtoHref(email) ? 'email' : 'roles';
      document.getElementById(`${titleId}-${first}`)?.focus();
      return;
    }
    create({ displayName: name.trim(), email: email.trim(), roles: roleIds })
      .unwrap()
      .then(
        (user) => {
          toast.saved();
          onCreated(user);
        },
        (failure: unknown) => {
          if (fieldErrors(failure).email) document.getElementById(`${titleId}-email`)?.focus();
        },
      );
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          <FormattedMessage id="admin.users.createTitle" />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id={`${titleId}-name`}
              label={intl.formatMessage({ id: 'admin.users.name' })}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              autoComplete="off"
              error={Boolean(nameError)}
              helperText={nameError}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              id={`${titleId}-email`}
              type="email"
              label={intl.formatMessage({ id: 'admin.users.email' })}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoComplete="off"
              error={Boolean(emailError)}
              helperText={emailError}
              slotProps={{ htmlInput: { maxLength: 320 } }}
            />
            <FormControl component="fieldset" required error={Boolean(rolesError)}>
              <FormLabel component="legend">
                <FormattedMessage id="admin.users.roles" />
              </FormLabel>
              <FormGroup>
                {sortRoles(roles.data ?? []).map((role, index) => (
                  <FormControlLabel
                    key={role.id}
                    control={
                      <Checkbox
                        id={index === 0 ? `${titleId}-roles` : undefined}
                        checked={roleIds.includes(role.id)}
                        onChange={(event) =>
                          setRoleIds((current) =>
                            event.target.checked ? [...current, role.id] : current.filter((id) => id !== role.id),
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
            {error && !onlyFieldErrors(error, ['displayName', 'email', 'roles']) ? (
              <Box>
                <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
              </Box>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            <FormattedMessage id="admin.common.cancel" />
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            <FormattedMessage id="admin.users.createConfirm" />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
