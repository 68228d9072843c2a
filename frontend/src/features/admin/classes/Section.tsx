import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One part of the class page: a heading, an optional intro and its content. */
export function Section({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{intro}</Typography> : null}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}

