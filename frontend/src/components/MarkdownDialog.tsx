import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

// The Markdown renderer is only needed once someone opens a text, so it is
// loaded then rather than with the login page.
const MarkdownContent = lazy(() => import('./MarkdownContent').then((module) => ({ default: module.MarkdownContent })));

interface MarkdownDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  markdown: string;
  /** Shown when the text is empty. */
  emptyText: string;
}

/** A modal dialog showing a Markdown text; full screen on phones. */
export function MarkdownDialog({ open, onClose, title, markdown, emptyText }: MarkdownDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const intl = useIntl();
  const loading = (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable so keyboard users can scroll a long text (WCAG 2.1.1). */}
      <DialogContent dividers tabIndex={0} aria-labelledby={titleId} role="region">
        {markdown.trim() ? (
          <Suspense fallback={loading}>
            <MarkdownContent markdown={markdown} />
          </Suspense>
        ) : (
          <Typography>{emptyText}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" size="large" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
