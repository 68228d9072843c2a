import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, type ReactNode } from 'react';
import { NavigationType, Link as RouterLink, useLocation, useNavigationType } from 'react-router';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useTenant } from '@/features/tenant/tenantContext';

interface PageProps {
  /** The page heading (h1), also the start of the tab title. */
  title: string;
  /** A line above the heading: the role, or the class the page is about. */
  overline?: ReactNode;
  /** A link back up, e.g. to the class. */
  back?: { to: string; label: string };
  /** Buttons next to the heading. */
  actions?: ReactNode;
  /** Wider pages hold tables. */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of a placement page: back link, heading and content, phone first. */
export function Page({ title, overline, back, actions, wide = false, children }: PageProps) {
  const tenant = useTenant();
  useDocumentTitle(`${title} – ${tenant.appName}`);
  useTopOnNewPage();
  return (
    <Container maxWidth={wide ? 'lg' : 'md'} sx={{ px: { xs: 2, sm: 3 } }}>
      {back ? (
        <Link
          component={RouterLink}
          to={back.to}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 2, minHeight: 44, fontWeight: 600 }}
        >
          <ArrowBackIcon aria-hidden fontSize="small" />
          {back.label}
        </Link>
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          {overline ? (
            <Typography component="div" sx={{ color: 'text.secondary', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {overline}
            </Typography>
          ) : null}
          <Typography variant="h1" sx={{ mt: overline ? 0.5 : 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Box>
        {actions ? (
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 1.5 }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      <Stack spacing={3}>{children}</Stack>
    </Container>
  );
}

/**
 * Starts a page opened by a link at its top, as a full page load would; going
 * back keeps the browser's own position.
 */
function useTopOnNewPage(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname, navigationType]);
}

interface SectionProps {
  title: string;
  /** Buttons at the heading's right (below it on a phone). */
  action?: ReactNode;
  /** A short line under the heading. */
  description?: ReactNode;
  /** Heading level; sections inside sections use h3. */
  level?: 2 | 3;
  id?: string;
  children: ReactNode;
}

/** A titled part of a page, as a landmark named by its heading. */
export function Section({ title, action, description, level = 2, id, children }: SectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component={level === 2 ? 'h2' : 'h3'} id={headingId}>
            {title}
          </Typography>
          {description ? (
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{description}</Typography>
          ) : null}
        </Box>
        {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
      </Stack>
      {children}
    </Paper>
  );
}
