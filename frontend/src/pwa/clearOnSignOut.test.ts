import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, renderApp, serveTenant } from '@/testing/renderApp';
import { clearDeviceOnSessionEnd } from './clearOnSignOut';
import { listPending, writePending } from './deviceStore';
import { takeDiscarded } from './discarded';
import { snapshotKey } from './pageSnapshot';
import { getUnsent, noteUnsent } from './unsent';

const pending = (userId: number) => ({
  key: `praksis.answers.3.5.${userId}`,
  userId,
  version: 1,
  changes: [[1, { value: '2', comment: null }]] as [number, { value: string | null; comment: string | null }][],
  base: [],
  updatedAt: 1,
});

describe('the session ending', () => {
  it('clears the device as signing out does, and notes that unsent changes were discarded', async () => {
    await writePending(pending(16));
    window.localStorage.setItem('praksis.answers.9.9.16', '{}');
    window.sessionStorage.setItem(snapshotKey('/advisor/class/3/student/5/form/7/assignment/11'), '{}');
    noteUnsent('k', { key: 'k', path: '/x', label: 'Skjema', kind: 'conflict', reason: null });

    await clearDeviceOnSessionEnd();

    expect(await listPending(16)).toEqual([]);
    expect(window.localStorage.getItem('praksis.answers.9.9.16')).toBeNull();
    // The form page as it was drawn goes too.
    expect(window.sessionStorage.getItem(snapshotKey('/advisor/class/3/student/5/form/7/assignment/11'))).toBeNull();
    expect(getUnsent()).toEqual([]);
    expect(takeDiscarded()).toBe(true);
    // Said once.
    expect(takeDiscarded()).toBe(false);
  });

  it('notes nothing when nothing waited', async () => {
    await clearDeviceOnSessionEnd();
    expect(takeDiscarded()).toBe(false);
  });

  it('says on the sign-in page, in the user’s words, that the unsent changes were discarded', async () => {
    await writePending(pending(16));
    await clearDeviceOnSessionEnd();
    mockApi(serveTenant(demoTenant));
    renderApp({ route: '/advisor/class/3/student/5/form/7/assignment/11' });
    expect(
      await screen.findByText('Økten din ble avsluttet, og du er logget ut. Endringer som ikke var sendt, er slettet fra denne enheten og må skrives inn på nytt.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Logg inn med Feide' })).toBeVisible();
  });

  it('shows no such note on an ordinary visit to the sign-in page', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp();
    await screen.findByRole('link', { name: 'Logg inn med Feide' });
    expect(screen.queryByTestId('discarded-notice')).not.toBeInTheDocument();
  });
});
