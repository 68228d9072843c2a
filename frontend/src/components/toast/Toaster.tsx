import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useErrorSummary } from '../ErrorBox';
import { selectToasts, TOAST_DURATION_MS, toastDismissed, type Toast } from './toastSlice';

/**
 * Where toasts appear: bottom of the screen, above everything. A polite live
 * region announces success; errors are alerts. Render once, near the root.
 */
export function Toaster() {
  const toasts = useSelector(selectToasts);
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        maxWidth: { sm: 480 },
        // The empty region must not block clicks on the page under it.
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const summarize = useErrorSummary();
  // Reading a toast with the pointer or keyboard holds it (WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  const dismiss = useCallback(() => dispatch(toastDismissed(toast.id)), [dispatch, toast.id]);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [held, dismiss]);

  let severity: 'success' | 'info' | 'warning' | 'error';
  let text: string;
  switch (toast.kind) {
    case 'saved':
      severity = 'success';
      text = intl.formatMessage({ id: 'toast.saved' });
      break;
    case 'deleted':
      severity = 'success';
      text = intl.formatMessage({ id: 'toast.deleted' });
      break;
    case 'error':
      severity = 'error';
      text = summarize(toast.error);
      break;
    case 'message':
      severity = toast.severity;
      text = intl.formatMessage({ id: toast.messageId }, toast.values);
      break;
  }

  return (
    <Alert
      variant="filled"
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      onClose={dismiss}
      slotProps={{ closeButton: { title: undefined, 'aria-label': intl.formatMessage({ id: 'common.close' }) } }}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      sx={{ boxShadow: 3, alignItems: 'center', '& .MuiAlert-message': { fontSize: '1rem' } }}
    >
      {text}
    </Alert>
  );
}
