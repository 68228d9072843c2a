import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface GroupPagerProps<T> {
  /** The pages, one question group each. */
  pages: readonly T[];
  /** The heading of a page (the group's name). */
  title: (page: T) => string;
  /** The questions of a page. */
  render: (page: T, index: number) => ReactNode;
  /** Buttons after previous and next (save, send), shown on every page. */
  actions?: ReactNode;
}

/**
 * Shows a form as the answering page does (spec §2): one question group per
 * page with a progress bar and previous and next buttons. Moving to another
 * page puts the focus on its heading, so a screen reader starts reading there.
 */
export function GroupPager<T>({ pages, title, render, actions }: GroupPagerProps<T>) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const progressId = useId();
  const current = Math.min(index, Math.max(pages.length - 1, 0));
  const page = pages[current];

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [current]);

  if (page === undefined) return null;
  const go = (next: number) => {
    moved.current = true;
    setIndex(next);
  };
  const pageLabel = intl.formatMessage({ id: 'admin.pager.page' }, { page: current + 1, count: pages.length });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={progressId} sx={{ color: 'text.secondary', mb: 0.5 }}>
        {pageLabel}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={((current + 1) / pages.length) * 100}
        aria-labelledby={progressId}
        sx={{ height: 8, borderRadius: 4, mb: 3 }}
      />
      <Typography variant="h2" ref={headingRef} tabIndex={-1} sx={{ mb: 2, fontSize: '1.25rem', outline: 'none' }}>
        {title(page)}
      </Typography>
      {render(page, current)}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon aria-hidden />}
          disabled={current === 0}
          onClick={() => go(current - 1)}
        >
          <FormattedMessage id="admin.pager.previous" />
        </Button>
        <Button
          variant="outlined"
          endIcon={<ArrowForwardIcon aria-hidden />}
          disabled={current >= pages.length - 1}
          onClick={() => go(current + 1)}
        >
          <FormattedMessage id="admin.pager.next" />
        </Button>
        {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, ml: { sm: 'auto' } }}>{actions}</Box> : null}
      </Box>
    </Paper>
  );
}
