import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import type { SigningValidation } from '../types';
import { ConfirmDialog } from '@/components/ConfirmDialog';

interface CancelDialogProps {
  open: boolean;
  /** Whether the result is archived or submitted, when known. */
  validation: SigningValidation | undefined;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks the teacher before cancelling the form: it is deleted for good and
 * starts over blank. Warns when the result has been archived or submitted.
 */
export function CancelDialog({ open, validation, busy, error, onConfirm, onClose }: CancelDialogProps) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'signing.cancelDialog.title' })}
      confirmLabel={intl.formatMessage({ id: 'signing.cancelDialog.confirm' })}
      cancelLabel={intl.formatMessage({ id: 'signing.cancelDialog.keep' })}
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography>
          <FormattedMessage id="signing.cancelDialog.body" />
        </Typography>
        {validation?.assessmentResultArchived ? (
          <Alert severity="warning" role="note">
            <FormattedMessage id="signing.cancelDialog.archived" />
          </Alert>
        ) : null}
        {validation?.assessmentResultSubmitted ? (
          <Alert severity="warning" role="note">
            <FormattedMessage id="signing.cancelDialog.submitted" />
          </Alert>
        ) : null}
        {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'signing.cancelFailed' })} /> : null}
      </Stack>
    </ConfirmDialog>
  );
}
