import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, and anything that went wrong trying. */
  children: ReactNode;
  /** The text of the button that does it. */
  confirmLabel: string;
  /** The text of the button that does not; "Avbryt" by default. */
  cancelLabel?: string;
  /** Red button for what cannot be undone. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that matters, on every screen of the app. Cancel gets the focus, so Enter
 * never confirms by accident; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy} autoFocus size="large">
          {cancelLabel ?? <FormattedMessage id="common.cancel" />}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          size="large"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
