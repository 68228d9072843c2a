/**
 * Clears what the device kept for the user (pending changes, the API
 * answers the service worker kept) when they sign out: a shared device
 * keeps nothing of them. Loaded only when used, so the login page does not
 * carry IndexedDB code.
 */
export async function clearDeviceOnSignOut(): Promise<void> {
  const { clearDevice } = await import('./deviceStore');
  await clearDevice();
}
