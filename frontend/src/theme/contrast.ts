import { darken, getContrastRatio } from '@mui/material/styles';

/** WCAG 2.1 AA minimum contrast for normal-size text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/** Text colours to choose between on a coloured surface. */
export const WHITE = '#ffffff';
export const BLACK = '#000000';

/** The WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  return getContrastRatio(foreground, background);
}

/**
 * The text colour for content drawn on `background`: white when white reaches
 * AA, otherwise whichever of white and black contrasts more. One of the two
 * always reaches at least 4.58:1, so the result is always AA.
 */
export function pickContrastText(background: string): string {
  const onWhite = contrastRatio(WHITE, background);
  if (onWhite >= AA_TEXT_CONTRAST) return WHITE;
  return contrastRatio(BLACK, background) > onWhite ? BLACK : WHITE;
}

/**
 * Darkens `color` in small steps until it reaches `minimum` contrast against
 * every colour in `backgrounds` (light backgrounds expected). Used for text
 * and links drawn in a school's colour, which may be too light to read.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], minimum = AA_TEXT_CONTRAST): string {
  const passes = (candidate: string) => backgrounds.every((bg) => contrastRatio(candidate, bg) >= minimum);
  let candidate = color;
  for (let step = 1; step <= 20 && !passes(candidate); step += 1) {
    candidate = darken(color, step * 0.05);
  }
  return passes(candidate) ? candidate : BLACK;
}
