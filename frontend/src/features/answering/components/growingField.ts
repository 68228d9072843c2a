import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A multiline field of at least `rows` lines that grows with its text by
 * CSS (`field-sizing`), so no script measures it on each keystroke or when
 * the page is first drawn (a forced layout each time on a slow phone).
 * Where the browser cannot size fields by content, it keeps its rows and
 * scrolls.
 */
export function growingField(rows: number): SxProps<Theme> {
  return { '& textarea': { fieldSizing: 'content', minHeight: `${rows}lh` } };
}
