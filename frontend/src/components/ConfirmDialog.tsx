import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useRef, type ReactNode } from 'react';
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
  /** False keeps the confirm button disabled (a required tick not set). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that matters, on every screen of the app. Deleting, confirming mid,
 * signing and cancelling a signature all ask here. Cancel gets the focus, so Enter never
 * confirms by accident; Escape cancels. On a phone it takes nearly the whole width.
 */
export function ConfirmDialog({
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
}: ConfirmDialogProps) {
  const titleId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      // A dialog opened while the page is busy can still be hidden when the button's own autofocus runs.
      slotProps={{ transition: { onEntering: () => cancelButton.current?.focus() } }}
      maxWidth="sm"
      fullWidth
      sx={{ '& .MuiDialog-paper': { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } }}
    >
      <DialogTitle id={titleId} component="h2">
        {title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button ref={cancelButton} onClick={onClose} disabled={busy} autoFocus size="large">
          {cancelLabel ?? <FormattedMessage id="common.cancel" />}
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
