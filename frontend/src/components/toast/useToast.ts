import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { normalizeError } from '@/api/errors';
import type { MessageId } from '@/i18n/messages';
import { toastShown, type ToastContent } from './toastSlice';

type Severity = Extract<ToastContent, { kind: 'message' }>['severity'];

/** Functions that show a toast; each hides after 10 seconds or when closed. */
export interface ToastApi {
  /** "Lagret!" */
  saved: () => void;
  /** "Slettet!" */
  deleted: () => void;
  /** A failed call, with its status code and descriptions. */
  error: (error: unknown) => void;
  /** Any message from the catalogues. */
  show: (messageId: MessageId, severity?: Severity, values?: Record<string, string | number>) => void;
}

/**
 * Shows short messages at the edge of the screen after an action:
 *
 * ```ts
 * const toast = useToast();
 * save().unwrap().then(toast.saved, toast.error);
 * ```
 */
export function useToast(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      saved: () => dispatch(toastShown({ kind: 'saved' })),
      deleted: () => dispatch(toastShown({ kind: 'deleted' })),
      error: (error: unknown) => dispatch(toastShown({ kind: 'error', error: normalizeError(error) })),
      show: (messageId, severity = 'info', values) =>
        dispatch(toastShown({ kind: 'message', severity, messageId, values })),
    }),
    [dispatch],
  );
}
