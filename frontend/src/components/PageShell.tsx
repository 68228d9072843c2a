import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Language } from '@/i18n/language';
import { LanguageMenu } from './LanguageMenu';

interface PageShellProps {
  /** Name shown in the top bar: the school's app name, or the product name before the school is known. */
  name: string;
  /** The school's logo, shown next to the name. */
  logoUrl?: string | null | undefined;
  /** Languages offered in the language menu. */
  languages?: readonly Language[] | undefined;
  /** Content after `<main>`, usually a `<footer>`. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every public page: a top bar (`<header>`) in the school's
 * colours with its name and the language menu, the page's `<main>`, then the
 * footer. Pages render their own single `<h1>` inside `main`.
 */
export function PageShell({ name, logoUrl, languages, footer, children }: PageShellProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="primary"
        elevation={0}
        sx={{
          borderBottom: 4,
          borderColor: 'secondary.main',
          // The default focus ring uses the primary colour, which would vanish on this bar.
          '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: 'primary.contrastText' },
        }}
      >
        <Toolbar sx={{ gap: 1.5, maxWidth: 'lg', width: '100%', mx: 'auto' }}>
          {logoUrl ? (
            // The name is written next to the logo, so the image itself is decorative.
            <Box component="img" src={logoUrl} alt="" sx={{ height: 32, width: 'auto', flexShrink: 0 }} />
          ) : null}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, fontWeight: 600, minWidth: 0 }}>
            {name}
          </Typography>
          <LanguageMenu languages={languages} />
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" sx={{ flexGrow: 1, py: { xs: 2, sm: 5 }, px: { xs: 0, sm: 2 } }}>
        {children}
      </Box>
      {footer}
    </Box>
  );
}
