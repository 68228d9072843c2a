import type { Theme } from '@mui/material/styles';

/**
 * The school's colours as CSS custom properties on the page's root, for the
 * parts drawn with static stylesheets (plain `.css` files with classes of
 * our own, e.g. the form page's questions) rather than run-time styles: the
 * stylesheet is bundled once and follows whichever school's theme is set.
 */
export function cssVariables(theme: Theme): Record<`--pk-${string}`, string> {
  const { palette } = theme;
  return {
    '--pk-primary': palette.primary.main,
    '--pk-on-primary': palette.primary.contrastText,
    '--pk-secondary': palette.secondary.main,
    '--pk-focus': palette.primaryText,
    '--pk-text': palette.text.primary,
    '--pk-text-secondary': palette.text.secondary,
    '--pk-divider': palette.divider,
    '--pk-paper': palette.background.paper,
    '--pk-hover': palette.action.hover,
    '--pk-selected': palette.action.selected,
    '--pk-choice-border': palette.grey[400],
    '--pk-chip': palette.action.selected,
  };
}
