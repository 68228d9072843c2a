import { SEND_TAG } from './cacheNames';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/**
 * Asks the browser to wake the service worker when the connection returns
 * (Background Sync, where the browser has it), which asks the open pages to
 * send what waits on the device. Without it, the next start and the
 * `online` event send it.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration: SyncRegistration | undefined = await navigator.serviceWorker.getRegistration();
    await registration?.sync?.register(SEND_TAG);
  } catch {
    // Not allowed or not there: the other ways send it.
  }
}
