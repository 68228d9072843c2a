import MenuIcon from '@mui/icons-material/Menu';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { SettingsDialog } from '@/components/SettingsDialog';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/tenantContext';
import { cssVariables } from '@/theme/cssVariables';
import { paths } from '../paths';
import { SideMenu } from './SideMenu';
import './shell.css';

/**
 * The frame of every signed-in page: a top bar in the school's colours with
 * its name (a link home) and the menu button, the side menu, the page's
 * `<main>` and the school's footer. Styled by a static stylesheet in the
 * school's colours, so a page view works out no styles for the frame; it
 * sets those colours as CSS custom properties, once per theme, for every
 * signed-in page's static stylesheets.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const theme = useTheme();
  const rootVariables = useMemo(() => ({ ':root': cssVariables(theme) }), [theme]);

  return (
    <div className="pk-shell">
      <GlobalStyles styles={rootVariables} />
      <header className="pk-topbar">
        <div className="pk-topbar-row">
          <RouterLink to="/" className="pk-topbar-home">
            {tenant.theme.logoUrl ? <img className="pk-topbar-logo" src={tenant.theme.logoUrl} alt="" /> : null}
            <span className="pk-topbar-name">{tenant.appName}</span>
          </RouterLink>
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
        </div>
      </header>
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
      <main id="main-content" className="pk-main">
        {children}
      </main>
      <TenantFooter tenant={tenant} />
    </div>
  );
}
