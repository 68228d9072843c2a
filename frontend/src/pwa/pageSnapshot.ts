import { getToken } from '@/features/auth/token';
import { userOf } from './userKey';

/**
 * A returning visit to the form page paints the page as this device last
 * drew it, before any of the app's scripts has run: the page the server
 * sends looks up the snapshot (api/httpapi/earlyreads.js) and shows it,
 * inert, in place of the app, which renders out of sight from the answers
 * the device kept and the server's, and takes its place in one frame once
 * it has drawn the form. Kept in the tab's session storage, beside the
 * token: a signed-in session lives in its tab, and the snapshot ends with
 * it (and on sign-out, and on any page load without a token).
 */

/** The id of the snapshot's element and of its style element (api/httpapi/earlyreads.js). */
export const SNAPSHOT_ID = 'praksis-snapshot';
/** The class on `<html>` while the snapshot stands in for the app. */
export const SNAPSHOT_CLASS = 'pk-snapshot';
/** The attribute that carries an element's inline style in a snapshot (a style attribute would not pass the CSP). */
export const STYLE_ATTRIBUTE = 'data-pk-style';

/** The attribute on `<html>` once the app has drawn a page of its own. */
export const DRAWN_ATTRIBUTE = 'data-pk-drawn';

/** The session-storage key of a page's snapshot (api/httpapi/earlyreads.js reads it). */
export const snapshotKey = (path: string) => `${SNAPSHOT_ID}:${path}`;

/** How many pages' snapshots a tab keeps: the forms a nurse goes between. */
const KEPT = 5;

/** What is kept: whose page it is (the token's subject), the markup of `#root` and the run-time style rules it uses. */
export interface PageSnapshot {
  user: string;
  html: string;
  css: string;
}

/**
 * The markup of `root` as drawn: chosen levels and written text as
 * attributes and content (the markup alone has only what the page started
 * with), inline styles in an attribute the page's script applies.
 */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  const drawn = root.querySelectorAll('input, textarea');
  copy.querySelectorAll('input, textarea').forEach((field, i) => {
    const live = drawn[i];
    if (field instanceof HTMLInputElement && live instanceof HTMLInputElement) {
      field.toggleAttribute('checked', live.checked);
      if (live.type !== 'radio' && live.type !== 'checkbox') field.setAttribute('value', live.value);
    } else if (field instanceof HTMLTextAreaElement && live instanceof HTMLTextAreaElement) {
      field.textContent = live.value;
    }
  });
  copy.querySelectorAll('[style]').forEach((element) => {
    element.setAttribute(STYLE_ATTRIBUTE, element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  });
  // Ids would be doubled while the app renders beside the snapshot, and
  // radios of one name would be one group with the app's.
  copy.querySelectorAll('[id]').forEach((element) => element.removeAttribute('id'));
  copy.querySelectorAll('input[name]').forEach((field) => field.setAttribute('name', `${SNAPSHOT_ID}-${field.getAttribute('name') ?? ''}`));
  return copy.innerHTML;
}

/** Emotion's class names, as in `css-1x2y3z` or `css-1x2y3z-MuiButton-root`. */
const EMOTION_CLASS = /\bcss-[a-z0-9]+/g;

/**
 * The style rules Emotion inserted at run time (MUI's parts) that the
 * markup's classes name: the rules of every page drawn in the tab so far
 * would be parsed again for nothing on the next visit.
 */
function runtimeCss(html: string): string {
  const used = new Set(html.match(EMOTION_CLASS));
  const rules: string[] = [];
  document.querySelectorAll('style[data-emotion]').forEach((element) => {
    const sheet = (element as HTMLStyleElement).sheet;
    if (!sheet) return;
    for (const rule of Array.from(sheet.cssRules)) {
      const named = rule.cssText.match(EMOTION_CLASS);
      if (!named || named.some((name) => used.has(name))) rules.push(rule.cssText);
    }
  });
  return rules.join('\n');
}

/** The session-storage key listing the paths with a snapshot, the latest last. */
const INDEX_KEY = `${SNAPSHOT_ID}s`;

/** The paths with a snapshot, the latest last. */
function keptPaths(): string[] {
  try {
    const paths: unknown = JSON.parse(window.sessionStorage.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the page as drawn now for the next visit to `path` in this tab; nothing without a token. */
export function savePageSnapshot(path: string): void {
  const token = getToken();
  const user = token ? userOf(`Bearer ${token}`) : null;
  const root = document.getElementById('root');
  if (!user || !root || document.getElementById(SNAPSHOT_ID)) return;
  const html = snapshotMarkup(root);
  const snapshot: PageSnapshot = { user, html, css: runtimeCss(html) };
  const paths = [...keptPaths().filter((kept) => kept !== path), path];
  try {
    for (const old of paths.splice(0, Math.max(0, paths.length - KEPT))) window.sessionStorage.removeItem(snapshotKey(old));
    window.sessionStorage.setItem(snapshotKey(path), JSON.stringify(snapshot));
    window.sessionStorage.setItem(INDEX_KEY, JSON.stringify(paths));
  } catch {
    // Storage full or unavailable: the next visit draws without one.
    forgetPageSnapshots();
  }
}

/** Forgets every snapshot the tab keeps (sign-out, a page load without a token). */
export function forgetPageSnapshots(): void {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key === INDEX_KEY || key.startsWith(`${SNAPSHOT_ID}:`)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // No storage, nothing kept.
  }
}

/**
 * Takes the snapshot away and shows the app, in the frame the app draws
 * its page (call from a layout effect); nothing when there is none.
 */
export function releasePageSnapshot(): void {
  // A snapshot found after the app has drawn is not shown (api/httpapi/earlyreads.js).
  document.documentElement.setAttribute(DRAWN_ATTRIBUTE, '');
  document.documentElement.classList.remove(SNAPSHOT_CLASS);
  for (const id of [SNAPSHOT_ID, `${SNAPSHOT_ID}-style`]) document.getElementById(id)?.remove();
}
