import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { ADMIN_HOME } from '../paths';

/** A step back up the administration: its name and address. */
export interface Crumb {
  label: string;
  to: string;
}

interface AdminPageProps {
  /** The page's one heading, also the tab title. */
  title: string;
  /** Pages above this one, after the administration panel. */
  crumbs?: Crumb[];
  /** A line under the heading (e.g. the semester of a class). */
  subtitle?: ReactNode;
  /** Buttons next to the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of an administration page: where it sits (breadcrumbs back to
 * the panel), its heading with actions, then the content.
 */
export function AdminPage({ title, crumbs = [], subtitle, actions, children }: AdminPageProps) {
  const intl = useIntl();
  const tenant = useTenant();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useDocumentTitle(`${title} – ${tenant.appName}`);
  const trail: Crumb[] = [{ label: intl.formatMessage({ id: 'admin.panel.title' }), to: ADMIN_HOME }, ...crumbs];

  return (
    <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3 } }}>
      <Breadcrumbs
        aria-label={intl.formatMessage({ id: 'admin.breadcrumbs' })}
        // On a phone: the way back one step, the rest behind a button.
        maxItems={narrow ? 2 : 8}
        itemsBeforeCollapse={0}
        itemsAfterCollapse={2}
        expandText={intl.formatMessage({ id: 'admin.breadcrumbsExpand' })}
        sx={{ mb: 1.5, '& .MuiBreadcrumbs-li': { minWidth: 0 }, '& a': { display: 'inline-block', py: 0.75 } }}
      >
        {trail.map((crumb) => (
          <Link key={crumb.to} component={RouterLink} to={crumb.to}>
            {crumb.label}
          </Link>
        ))}
        <Typography aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Breadcrumbs>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: '1.875rem' } }}>
            {title}
          </Typography>
          {subtitle ? <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>{subtitle}</Typography> : null}
        </Box>
        {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{actions}</Box> : null}
      </Box>
      {children}
    </Container>
  );
}
