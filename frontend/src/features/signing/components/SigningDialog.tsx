import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, type ReactNode } from 'react';

interface SigningDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The text of the button that does it. */
  confirmLabel: string;
  /** The text of the button that leaves it undone. */
  cancelLabel: string;
  /** Red button for what cannot be undone. */
  destructive?: boolean;
  busy?: boolean;
  /** False keeps the confirm button disabled (a required tick not set). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a step that cannot be undone (confirming mid, signing,
 * cancelling). The cancel button has the focus, so Enter never confirms by
 * accident; Escape cancels. Full screen on a phone.
 */
export function SigningDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  canConfirm = true,
  onConfirm,
  onClose,
}: SigningDialogProps) {
  const titleId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      // The dialog is hidden until it starts to appear, too early for the button's own autofocus.
      slotProps={{ transition: { onEntering: () => cancelButton.current?.focus() } }}
      maxWidth="sm"
      fullWidth
      sx={{ '& .MuiDialog-paper': { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } }}
    >
      <DialogTitle id={titleId} component="h2">
        {title}
      </DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button ref={cancelButton} onClick={onClose} disabled={busy} autoFocus size="large">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          disabled={!canConfirm}
          size="large"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
