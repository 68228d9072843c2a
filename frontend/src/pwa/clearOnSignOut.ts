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

/**
 * Clears the device when the session ends without the user signing out (a
 * refused token): as on sign-out, and when changes were still waiting to be
 * sent, notes it for the sign-in page, which says they were discarded.
 */
export async function clearDeviceOnSessionEnd(): Promise<void> {
  const [{ clearDevice, countPending }, { forgetUnsent }, { noteDiscarded }] = await Promise.all([
    import('./deviceStore'),
    import('./unsent'),
    import('./discarded'),
  ]);
  const waiting = await countPending();
  await clearDevice();
  forgetUnsent();
  if (waiting > 0) noteDiscarded();
}
