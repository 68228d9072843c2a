import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { FormGroup } from '../types';

/** The search parameter holding the page shown (1-based), so a reload stays on it. */
const PAGE_PARAM = 'page';

/** The page (0-based) in the address, within the form's pages. */
export function usePageIndex(count: number): [number, (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10);
  const index = Number.isFinite(asked) ? Math.min(Math.max(asked - 1, 0), Math.max(count - 1, 0)) : 0;
  const setIndex = (next: number) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 0) copy.delete(PAGE_PARAM);
        else copy.set(PAGE_PARAM, String(next + 1));
        return copy;
      },
      { replace: true },
    );
  };
  return [index, setIndex];
}

interface FormPagerProps {
  groups: readonly FormGroup[];
  /** The page shown (0-based) and how to move. */
  index: number;
  onIndex: (index: number) => void;
  /** The questions of the page. */
  children: ReactNode;
  /** Under the page heading, before the questions (e.g. answered count). */
  lead?: ReactNode;
  /** The send button, shown on the last page. */
  send?: ReactNode;
  onClose: () => void;
}

/**
 * One question group per page (spec §2): "Del 2 av 7" with a progress bar,
 * the group's heading and questions, then previous / next, close, and on the
 * last page send. Moving to a page scrolls to its top and puts the focus on
 * its heading, so a screen reader starts reading there.
 */
export function FormPager({ groups, index, onIndex, children, lead, send, onClose }: FormPagerProps) {
  const intl = useIntl();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const progressId = useId();
  const group = groups[index];
  const last = index >= groups.length - 1;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [index]);

  if (!group) return null;
  const go = (next: number) => {
    moved.current = true;
    onIndex(next);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id={progressId} sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.75 }}>
        <FormattedMessage id="answering.progress" values={{ page: index + 1, count: groups.length }} />
      </Typography>
      <LinearProgress
        variant="determinate"
        value={((index + 1) / groups.length) * 100}
        aria-labelledby={progressId}
        aria-valuetext={intl.formatMessage({ id: 'answering.progress' }, { page: index + 1, count: groups.length })}
        sx={{ height: 8, borderRadius: 4, mb: 3 }}
      />
      <Typography
        variant="h2"
        ref={headingRef}
        tabIndex={-1}
        sx={{ fontSize: '1.375rem', overflowWrap: 'anywhere', scrollMarginTop: 16, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'revert' } }}
      >
        {group.name}
      </Typography>
      {lead}
      <div>{children}</div>
      <Box
        component="nav"
        aria-label={intl.formatMessage({ id: 'answering.pagesNav' })}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'auto auto 1fr auto' },
          gap: 1.5,
          mt: 3,
          pt: 3,
          borderTop: 1,
          borderColor: 'divider',
          '@media print': { display: 'none' },
        }}
      >
        <Button
          variant="outlined"
          size="large"
          startIcon={<ArrowBackIcon aria-hidden />}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <FormattedMessage id="answering.previous" />
        </Button>
        {last ? (
          (send ?? <span />)
        ) : (
          <Button variant="contained" size="large" endIcon={<ArrowForwardIcon aria-hidden />} onClick={() => go(index + 1)}>
            <FormattedMessage id="answering.next" />
          </Button>
        )}
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Button variant="text" size="large" onClick={onClose} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <FormattedMessage id="answering.close" />
        </Button>
      </Box>
    </Paper>
  );
}
