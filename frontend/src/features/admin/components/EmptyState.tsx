import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Says that a list has nothing in it yet, and what to do about it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center', bgcolor: 'background.default' }}>
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      {action ? <Typography component="div" sx={{ mt: 2 }}>{action}</Typography> : null}
    </Paper>
  );
}
