/**
 * Registers the service worker for a signed-in user (loaded lazily by the
 * signed-in layout, so the login page does not carry it). A failure (no
 * support, blocked) leaves the app working online as before.
 *
 * It registers once the page has loaded and the browser is idle: installing
 * the worker downloads every file of the app to keep it, which on a phone's
 * slow link would otherwise compete with the page's own code and data on a
 * first visit.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  await afterLoadAndIdle();
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic', updateViaCache: 'none' });
  } catch {
    // The app works without it; only the offline start is missing.
  }
}

/** Longest wait for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 3000;

/** Resolves after the page's load event and then an idle moment (or IDLE_TIMEOUT_MS). */
function afterLoadAndIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') {
          window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        } else {
          window.setTimeout(resolve, 0);
        }
      }),
  );
}
