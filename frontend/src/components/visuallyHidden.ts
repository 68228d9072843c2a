import type { SxProps, Theme } from '@mui/material/styles';

/** Hides content visually while keeping it for screen readers. */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  // Strings, not numbers: in `sx` a number would mean a fraction or spacing units.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
