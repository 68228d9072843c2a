import { useSyncExternalStore } from 'react';

/** How often the service is asked again while it cannot be reached. */
const RETRY_MS = 15_000;

let reachable = true;
let probing: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Asks the service whether it answers. `navigator.onLine` alone is not
 * enough: a phone on a ward's Wi-Fi without internet, or a page opened
 * from the service worker without a connection, says it is online. The
 * health check is never answered from the service worker's caches.
 */
function probe(): Promise<void> {
  // Any answer means the service is reachable; only no answer at all is offline.
  probing ??= fetch(new Request(new URL('/healthz', window.location.href).href, { cache: 'no-store' }))
    .then(
      () => true,
      () => false,
    )
    .then((ok) => {
      probing = null;
      if (ok !== reachable) {
        reachable = ok;
        notify();
      }
      if (timer !== null) clearTimeout(timer);
      timer = ok || listeners.size === 0 ? null : setTimeout(() => void probe(), RETRY_MS);
    });
  return probing;
}

function onChange(): void {
  notify();
  void probe();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    void probe();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }
  };
}

/** Whether the device has a connection to the service, following changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && reachable,
    () => true,
  );
}
