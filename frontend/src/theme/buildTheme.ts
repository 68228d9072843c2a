import { createTheme, type Theme } from '@mui/material/styles';
import { ensureContrast, pickContrastText } from './contrast';

declare module '@mui/material/styles' {
  interface Palette {
    /** The school's primary colour, darkened where needed to be readable as text on the page background. */
    primaryText: string;
  }
  interface PaletteOptions {
    primaryText?: string;
  }
}

/** The colours a school sets (the `theme` of `GET /api/tenant`). */
export interface TenantColours {
  primaryColor: string;
  secondaryColor: string;
}

/** Colours used before a school is known, and in place of invalid ones. */
export const DEFAULT_COLOURS: TenantColours = { primaryColor: '#00509E', secondaryColor: '#E0A800' };

const PAGE_BACKGROUND = '#f4f6f8';
const PAPER_BACKGROUND = '#ffffff';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Returns the colour when it is a CSS hex colour, else the fallback (the registry is edited by people). */
function validColour(value: string | undefined, fallback: string): string {
  return value && HEX_COLOUR.test(value.trim()) ? value.trim() : fallback;
}

/** The look shared by every school; schools change colours only. */
export const baseTheme: Theme = createTheme({
  focusVisible: { outlineWidth: 3 },
  palette: {
    background: { default: PAGE_BACKGROUND, paper: PAPER_BACKGROUND },
    // MUI's own choice of contrast text uses 3:1; raise it to AA for normal text.
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    // Norwegian compounds ('spesialisthelsetjenesten') are wider than a phone;
    // break them at a syllable with a hyphen, in the page's language, rather
    // than anywhere.
    h1: { fontSize: '1.875rem', fontWeight: 700, lineHeight: 1.25, hyphens: 'auto', overflowWrap: 'anywhere' },
    h2: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
    // A section heading inside a card; MUI's own h3 is 3rem, wider than a
    // phone for a word like 'Signeringsskjema'.
    h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.45 },
    button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
  },
  components: {
    MuiCssBaseline: {
      // A word longer than its box (a URN, an address, a compound) breaks
      // rather than push the page sideways on a phone.
      styleOverrides: { body: { overflowWrap: 'break-word' } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        // Big touch targets: supervisors use the app on a phone on the ward.
        sizeLarge: { minHeight: 52, paddingInline: 24 },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
    },
    MuiFormHelperText: {
      // Field errors must be easy to read on a phone (MUI's default is 12px).
      styleOverrides: { root: { fontSize: '0.875rem', lineHeight: 1.45 } },
    },
  },
});

/**
 * Builds the MUI theme for a school on top of {@link baseTheme}.
 *
 * The text colour on primary and secondary surfaces is computed so that it
 * reaches WCAG AA (4.5:1) whatever colours the school picks, and
 * `palette.primaryText` gives a variant of the primary colour that is readable
 * as text and links on the page and paper backgrounds. Invalid colours fall
 * back to {@link DEFAULT_COLOURS}.
 */
export function buildTheme(colours?: Partial<TenantColours> | null): Theme {
  const primary = validColour(colours?.primaryColor, DEFAULT_COLOURS.primaryColor);
  const secondary = validColour(colours?.secondaryColor, DEFAULT_COLOURS.secondaryColor);
  const primaryText = ensureContrast(primary, [PAGE_BACKGROUND, PAPER_BACKGROUND]);

  return createTheme(baseTheme, {
    focusVisible: { outlineColor: primaryText },
    palette: {
      // augmentColor derives light and dark from the new main colour;
      // a plain override would keep the base theme's derived shades.
      primary: baseTheme.palette.augmentColor({ color: { main: primary, contrastText: pickContrastText(primary) } }),
      secondary: baseTheme.palette.augmentColor({
        color: { main: secondary, contrastText: pickContrastText(secondary) },
      }),
      primaryText,
    },
    components: {
      MuiLink: {
        styleOverrides: { root: { color: primaryText, textDecorationColor: 'currentColor' } },
      },
    },
  });
}
