import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';

/** A part of a page that is loading: a labelled progress indicator. */
export function Loading({ label, compact = false }: { label?: string; compact?: boolean }) {
  const intl = useIntl();
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: compact ? 2 : 6 }}>
      <CircularProgress size={compact ? 28 : 40} aria-label={label ?? intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );
}

/** A failed load: what could not be fetched, the error, and a button that tries again. */
export function LoadFailed({ error, message, retry }: { error: unknown; message?: string; retry?: () => void }) {
  return (
    <ErrorBox
      error={error}
      message={message}
      actions={
        retry ? (
          <Button variant="outlined" color="inherit" onClick={retry}>
            <FormattedMessage id="common.retry" />
          </Button>
        ) : undefined
      }
    />
  );
}

/** Says that a list has nothing in it, and what to do about it. */
export function EmptyState({
  children,
  action,
  centered = false,
}: {
  children: ReactNode;
  action?: ReactNode;
  /** Centred, as in the admin pages' lists. */
  centered?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.default', textAlign: centered ? 'center' : undefined }}>
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      {action ? (
        <Box sx={{ mt: 2 }}>{action}</Box>
      ) : null}
    </Paper>
  );
}
