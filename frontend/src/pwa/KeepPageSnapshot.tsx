import { useLocation } from 'react-router';
import { usePageSnapshot, useReleasePageSnapshot } from './usePageSnapshot';

/** Drawn with a page's content once it is there: the page is the snapshot of its next visit in this tab. */
export function KeepPageSnapshot() {
  usePageSnapshot(useLocation().pathname);
  return null;
}

/** Drawn with a page that says what went wrong: a snapshot standing in for the page goes. */
export function ReleasePageSnapshot() {
  useReleasePageSnapshot();
  return null;
}
