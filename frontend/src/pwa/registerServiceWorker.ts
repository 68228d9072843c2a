/**
 * Registers the service worker for a signed-in user (loaded lazily by the
 * signed-in layout, so the login page does not carry it). A failure (no
 * support, blocked) leaves the app working online as before.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic', updateViaCache: 'none' });
  } catch {
    // The app works without it; only the offline start is missing.
  }
}
