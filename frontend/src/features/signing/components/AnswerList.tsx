import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** One question and its answer. */
export interface AnswerItem {
  label: string;
  value: ReactNode;
}

/**
 * Questions and answers for reading: a description list, each answer
 * under its question on a phone and beside it on wider screens.
 */
export function AnswerList({ items }: { items: AnswerItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(0, 2fr)' },
        columnGap: 3,
        '& dt': { fontWeight: 600, pt: 1.5, overflowWrap: 'anywhere' },
        '& dd': { m: 0, pt: { xs: 0.25, sm: 1.5 }, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
