import { useEffect, useLayoutEffect } from 'react';
import { releasePageSnapshot, savePageSnapshot } from './pageSnapshot';

/** How long after a page has drawn its snapshot is kept: past the refresh from the server. */
const SAVE_AFTER_MS = 1500;

/**
 * The app has drawn a page of its own (a form, or a page saying what went
 * wrong): the snapshot standing in for it goes, in the same frame.
 */
export function useReleasePageSnapshot(): void {
  useLayoutEffect(releasePageSnapshot, []);
}

/**
 * The form page as drawn is the snapshot of its next visit on this device:
 * kept shortly after it has drawn, and again whenever the tab is hidden
 * (another app, the screen off, the tab closed) with what it shows then.
 */
export function usePageSnapshot(path: string): void {
  useReleasePageSnapshot();
  useEffect(() => {
    const save = () => savePageSnapshot(path);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [path]);
}
