import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useReleasePageSnapshot } from '@/pwa/usePageSnapshot';

interface StatusMessageProps {
  /** The page heading, also used as the tab title. */
  title: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A short page that explains a situation (not found, unavailable) and offers a way on. */
export function StatusMessage({ title, children, actions }: StatusMessageProps) {
  useDocumentTitle(title);
  // A page the device kept gives way to what the app has to say.
  useReleasePageSnapshot();
  return (
    <Container maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
        {actions ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
            {actions}
          </Stack>
        ) : null}
      </Paper>
    </Container>
  );
}
