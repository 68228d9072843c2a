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
import { useId, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailFor, normalizeError } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useAddClassSupervisorMutation } from '@/features/placement/api/placementApi';

type Field = 'name' | 'email';

interface AddSupervisorDialogProps {
  open: boolean;
  classId: number;
  onClose: () => void;
}

/**
 * Adds a supervisor to the class by name and e-mail, both required (spec §5).
 * A new supervisor gets an e-mail with a link to sign in.
 */
export function AddSupervisorDialog({ open, classId, onClose }: AddSupervisorDialogProps) {
  const intl = useIntl();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [add, { isLoading, error, reset }] = useAddClassSupervisorMutation();

  const close = () => {
    setValues({ name: '', email: '' });
    setErrors({});
    reset();
    onClose();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['name', 'email'] as const) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement && !input.checkValidity()) found[field] = input.validationMessage;
      if (values[field].trim() === '') found[field] = intl.formatMessage({ id: 'teacher.addSupervisor.required' });
    }
    setErrors(found);
    const first = (['name', 'email'] as const).find((field) => found[field]);
    if (first) {
      const input = form.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    try {
      const added = await add({ classId, name: values.name.trim(), email: values.email.trim() }).unwrap();
      toast.show(added.linked ? 'teacher.addSupervisor.added' : 'teacher.addSupervisor.already', 'success', {
        name: added.displayName,
      });
      close();
    } catch (failure) {
      const normalized = normalizeError(failure);
      setErrors({ name: detailFor(normalized, 'name') ?? undefined, email: detailFor(normalized, 'email') ?? undefined });
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    required: true,
    fullWidth: true,
    error: errors[field] !== undefined,
    helperText: errors[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
      reset();
    },
  });

  const showBox = error && !errors.name && !errors.email;

  return (
    <Dialog open={open} onClose={isLoading ? undefined : close} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          <FormattedMessage id="teacher.addSupervisor.title" />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography>
              <FormattedMessage id="teacher.addSupervisor.help" />
            </Typography>
            <TextField
              {...fieldProps('name')}
              label={intl.formatMessage({ id: 'teacher.addSupervisor.name' })}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              {...fieldProps('email')}
              type="email"
              label={intl.formatMessage({ id: 'teacher.addSupervisor.email' })}
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, maxLength: 320 } }}
            />
            {showBox ? <ErrorBox error={error} message={intl.formatMessage({ id: 'teacher.addSupervisor.failed' })} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={isLoading} size="large">
            <FormattedMessage id="placement.cancel" />
          </Button>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            <FormattedMessage id="teacher.addSupervisor.submit" />
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
