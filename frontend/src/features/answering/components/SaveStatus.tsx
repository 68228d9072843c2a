import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { normalizeError, UNEXPECTED_ERROR, UNPARSABLE_ERROR } from '@/api/errors';
import { isUnreachable } from '../hooks/autosave';
import type { AutosaveSnapshot } from '../hooks/useAutosave';

/** What the status line says, from the autosave state. */
export type StatusKind = 'idle' | 'saving' | 'saved' | 'offline' | 'onDevice' | 'reconnecting' | 'retrying' | 'failed';

/**
 * The status shown: offline first (changes wait for the connection), then
 * the save under way or failed (reconnecting when the service could not be
 * reached, e.g. while its database restarts), then the time of the last save. Changes
 * waiting for the pause after typing keep the line as it was, so a screen
 * reader is not interrupted on every key.
 */
export function statusKind(
  state: Pick<AutosaveSnapshot, 'status' | 'online' | 'savedAt' | 'unsaved' | 'error'> & { onDevice?: boolean },
): StatusKind {
  if (!state.online) return state.unsaved && state.onDevice ? 'onDevice' : 'offline';
  switch (state.status) {
    case 'saving':
      return 'saving';
    case 'retrying':
      if (!isUnreachable(state.error)) return 'retrying';
      // No answer at all (no connection, though the browser says online):
      // the changes wait on the phone. A service that answers that it is
      // away for a moment is reconnecting.
      if (normalizeError(state.error).statusCode < 0 && state.unsaved && state.onDevice) return 'onDevice';
      return 'reconnecting';
    case 'failed':
      return 'failed';
    default:
      return state.savedAt ? 'saved' : 'idle';
  }
}

const ICONS: Record<StatusKind, ReactNode> = {
  idle: null,
  saving: <SyncIcon fontSize="small" aria-hidden />,
  saved: <CheckCircleOutlineIcon fontSize="small" color="success" aria-hidden />,
  offline: <CloudOffIcon fontSize="small" aria-hidden />,
  onDevice: <CloudOffIcon fontSize="small" aria-hidden />,
  reconnecting: <SyncIcon fontSize="small" aria-hidden />,
  retrying: <ErrorOutlineIcon fontSize="small" color="warning" aria-hidden />,
  failed: <ErrorOutlineIcon fontSize="small" color="error" aria-hidden />,
};

/**
 * "Lagrer…", "Lagret kl. 10:42", "Frakoblet – …", "Får ikke kontakt – …",
 * "Kunne ikke lagre – prøver igjen": a polite live region, stuck to the bottom of the screen so it is
 * in sight while the user scrolls through the questions.
 */
export function SaveStatus({
  state,
  notice,
}: {
  state: Pick<AutosaveSnapshot, 'status' | 'online' | 'savedAt' | 'unsaved' | 'error'> & { onDevice?: boolean };
  /** A note above the status line (changes merged or restored), in sight wherever the user is. */
  notice?: ReactNode;
}) {
  const intl = useIntl();
  const kind = statusKind(state);
  const reason = kind === 'failed' ? failureReason(state.error) : null;
  const text = reason
    ? intl.formatMessage({ id: 'answering.status.failedBecause' }, { reason })
    : kind === 'saved' && state.savedAt
      ? intl.formatMessage({ id: 'answering.status.saved' }, { time: intl.formatTime(state.savedAt, { hour: '2-digit', minute: '2-digit' }) })
      : intl.formatMessage({ id: `answering.status.${kind === 'saved' ? 'idle' : kind}` });
  const warning = kind === 'offline' || kind === 'onDevice' || kind === 'reconnecting' || kind === 'retrying' || kind === 'failed';
  return (
    <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, mt: 2, '@media print': { display: 'none' } }}>
      {notice}
      <Box
        sx={{
          px: 2,
          py: 1,
          minHeight: 44,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: warning ? 'warning.light' : 'background.paper',
          color: warning ? 'warning.contrastText' : 'text.primary',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: 3,
          borderRadius: '8px 8px 0 0',
        }}
      >
        {ICONS[kind]}
        <Typography role="status" aria-live="polite" sx={{ fontWeight: warning ? 600 : 400 }} data-status={kind}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/** The server's own words for a refused save, when it sent some. */
function failureReason(error: unknown): string | null {
  const { description } = normalizeError(error);
  return description === UNEXPECTED_ERROR || description === UNPARSABLE_ERROR ? null : description;
}
