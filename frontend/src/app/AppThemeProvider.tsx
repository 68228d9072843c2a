import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTenantContext } from '@/features/tenant/tenantContext';
import { buildTheme } from '@/theme/buildTheme';

/** Sets the browser UI colour (`<meta name="theme-color">`), adding the tag when the server did not. */
function syncThemeColorMeta(colour: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  if (meta.content.toLowerCase() !== colour.toLowerCase()) meta.content = colour;
}

/** Shows the school's favicon instead of the default one. */
function syncFavicon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.createElement('link');
  link.rel = 'icon';
  link.removeAttribute('type'); // the school's icon need not be SVG
  link.href = href;
  if (!link.isConnected) document.head.appendChild(link);
}

/**
 * Provides the MUI theme built from the school's colours. On the first render
 * these come from the object the server injected, so the page is themed from
 * its first paint.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { tenant } = useTenantContext();
  const primaryColor = tenant?.theme.primaryColor;
  const secondaryColor = tenant?.theme.secondaryColor;

  const theme = useMemo(
    () => (primaryColor && secondaryColor ? buildTheme({ primaryColor, secondaryColor }) : buildTheme()),
    [primaryColor, secondaryColor],
  );

  useEffect(() => {
    if (primaryColor) syncThemeColorMeta(theme.palette.primary.main);
  }, [primaryColor, theme]);

  const faviconUrl = tenant?.theme.faviconUrl;
  useEffect(() => {
    if (faviconUrl) syncFavicon(faviconUrl);
  }, [faviconUrl]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
