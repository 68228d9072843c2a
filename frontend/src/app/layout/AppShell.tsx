import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { SettingsDialog } from '@/components/SettingsDialog';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/tenantContext';
import { paths } from '../paths';
import { SideMenu } from './SideMenu';

/**
 * The frame of every signed-in page: a top bar in the school's colours with
 * its name (a link home) and the menu button, the side menu, the page's
 * `<main>` and the school's footer.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="primary"
        elevation={0}
        sx={{
          borderBottom: 4,
          borderColor: 'secondary.main',
          '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible': {
            outline: '3px solid',
            outlineColor: 'primary.contrastText',
            outlineOffset: 2,
          },
        }}
      >
        <Toolbar sx={{ gap: 1.5, maxWidth: 'lg', width: '100%', mx: 'auto' }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="inherit"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexGrow: 1, minWidth: 0, py: 1 }}
          >
            {tenant.theme.logoUrl ? (
              <Box component="img" src={tenant.theme.logoUrl} alt="" sx={{ height: 32, width: 'auto', flexShrink: 0 }} />
            ) : null}
            <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
              {tenant.appName}
            </Typography>
          </Link>
          <Button
            ref={menuButton}
            color="inherit"
            size="large"
            startIcon={<MenuIcon aria-hidden />}
            aria-haspopup="true"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen(true)}
            sx={{ minHeight: 48, flexShrink: 0, px: 1.5 }}
          >
            <FormattedMessage id="menu.button" />
          </Button>
        </Toolbar>
      </AppBar>
      <SideMenu
        id={menuId}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onOpenSettings={() => setSettingsOpen(true)}
      />
      <SettingsDialog
        open={settingsOpen}
        languages={tenant.languages}
        myDataPath={paths.myData}
        onClose={() => {
          setSettingsOpen(false);
          menuButton.current?.focus();
        }}
      />
      {/* At least a screen high, so the footer starts below the fold and does
          not jump down (a layout shift) when the page's data arrives. */}
      <Box component="main" id="main-content" sx={{ flexGrow: 1, minHeight: '100dvh', py: { xs: 3, sm: 5 } }}>
        {children}
      </Box>
      <TenantFooter tenant={tenant} />
    </Box>
  );
}
