import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

interface SectionCardProps {
  title: string;
  /** Id of the heading, for the form it labels. */
  headingId: string;
  /** Lets the page move the focus to the heading (after a step that replaces the section). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One part of the signing form: an outlined card with its heading. */
export function SectionCard({ title, headingId, headingRef, children }: SectionCardProps) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        variant="h2"
        sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, mb: 2, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
      >
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
