import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderAdmin, type FakeCall } from '../testing/renderAdmin';
import type { Role, UserListItem } from '../types';
// Loaded up front, so the lazy route does not wait for the module.
import './UsersPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const roles: Role[] = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Student' },
  { id: 3, name: 'Teacher' },
  { id: 4, name: 'Advisor' },
];

const everyone: UserListItem[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  displayName: `Bruker ${String(i + 1).padStart(2, '0')}`,
  email: `bruker${i + 1}@demo.test`,
  isActive: i !== 2,
  roles: [roles[1] ?? { id: 2, name: 'Student' }],
}));

function serveUsers(call: FakeCall) {
  const search = call.query.get('search')?.toLowerCase() ?? '';
  const matching = everyone.filter((u) => u.displayName.toLowerCase().includes(search));
  const offset = Number(call.query.get('offset') ?? 0);
  const size = Number(call.query.get('pagesize'));
  return { body: matching.slice(offset, offset + size), headers: { 'X-Total-Count': String(matching.length) } };
}

const userCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/users');

describe('users list', { timeout: SLOW }, () => {
  it('loads 20 at a time, with an offset only for more, until a page is short', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'GET /api/users': serveUsers, 'GET /api/roles': { body: roles } });
    renderAdmin({ route: '/admin/users' });

    expect(await screen.findByText('Viser 20 av 45 brukere', undefined, { timeout: 5000 })).toBeInTheDocument();
    const [first] = userCalls(calls);
    expect(first?.query.get('pagesize')).toBe('20');
    expect(first?.query.has('offset')).toBe(false);
    expect(first?.query.get('includeInactive')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Last flere' }));
    expect(await screen.findByText('Viser 40 av 45 brukere')).toBeInTheDocument();
    expect(userCalls(calls)[1]?.query.get('offset')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'Last flere' }));
    expect(await screen.findByText('Viser 45 av 45 brukere')).toBeInTheDocument();
    expect(userCalls(calls)[2]?.query.get('offset')).toBe('40');
    // 45 is no multiple of 20: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Last flere' })).not.toBeInTheDocument();
    expect(userCalls(calls)).toHaveLength(3);
  });

  it('filters by role from the first page again', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/users': (call) =>
        call.query.get('roleid') === '3'
          ? { body: [{ id: 99, displayName: 'Lærer Lund', email: 'lund@demo.test', isActive: true, roles: [roles[2]] }], headers: { 'X-Total-Count': '1' } }
          : serveUsers(call),
      'GET /api/roles': { body: roles },
    });
    renderAdmin({ route: '/admin/users' });
    await screen.findByText('Viser 20 av 45 brukere', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: /^Rolle/ }));
    await user.click(await screen.findByRole('option', { name: 'Praksislærer' }));
    expect(await screen.findByText('Viser 1 av 1 bruker')).toBeInTheDocument();
    expect(screen.getByText('Lærer Lund')).toBeInTheDocument();
    const filtered = userCalls(calls).filter((c) => c.query.get('roleid') === '3');
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.query.has('offset')).toBe(false);
    expect(filtered[0]?.query.get('pagesize')).toBe('20');
  });

  it('greys and marks deactivated users', async () => {
    fakeApi({ 'GET /api/users': serveUsers, 'GET /api/roles': { body: roles } });
    renderAdmin({ route: '/admin/users' });
    const row = (await screen.findByText('Bruker 03', undefined, { timeout: 5000 })).closest('li');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Deaktivert')).toBeInTheDocument();
  });

  it('searches once typing pauses, from the first page again', async () => {
    const calls = fakeApi({ 'GET /api/users': serveUsers, 'GET /api/roles': { body: roles } });
    renderAdmin({ route: '/admin/users' });
    await screen.findByText('Viser 20 av 45 brukere', undefined, { timeout: 5000 });

    // Three keystrokes in quick succession.
    const box = screen.getByRole('searchbox', { name: 'Søk etter navn eller e-post' });
    for (const text of ['e', 'er', 'er 1']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText('Viser 10 av 10 brukere', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const searches = userCalls(calls).filter((c) => c.query.has('search'));
    // One request for the settled text, not one per key.
    expect(searches.map((c) => c.query.get('search'))).toEqual(['er 1']);
    expect(searches[0]?.query.has('offset')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Last flere' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback }[] = [];
    class FakeObserver {
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(): void {
        // The test calls the callback itself.
      }
      disconnect(): void {
        // Nothing to let go of.
      }
    }
    window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    try {
      const calls = fakeApi({ 'GET /api/users': serveUsers, 'GET /api/roles': { body: roles } });
      renderAdmin({ route: '/admin/users' });
      await screen.findByText('Viser 20 av 45 brukere', undefined, { timeout: 5000 });
      const observer = observers.at(-1);
      act(() => observer?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByText('Viser 40 av 45 brukere')).toBeInTheDocument();
      expect(userCalls(calls)[1]?.query.get('offset')).toBe('20');
    } finally {
      // @ts-expect-error jsdom has none; remove the fake again.
      delete window.IntersectionObserver;
    }
  });
});
