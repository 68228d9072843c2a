import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

interface SignInCardProps {
  /** The page's one `<h1>`, also the start of the tab title. */
  title: string;
  children: ReactNode;
}

/** The card every sign-in page sits in: edge to edge on phones, a card on larger screens. */
export function SignInCard({ title, children }: SignInCardProps) {
  const tenant = useTenant();
  useDocumentTitle(`${title} – ${tenant.appName}`);
  return (
    <Container maxWidth="sm" disableGutters>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: { xs: 0, sm: 2 },
          borderInline: { xs: 0, sm: 1 },
          borderColor: 'divider',
        }}
      >
        <Stack spacing={3}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
