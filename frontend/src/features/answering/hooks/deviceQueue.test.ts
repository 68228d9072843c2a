import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDevice, clearDevice, listPending, readPending } from '@/pwa/deviceStore';
import type { Answer } from '../types';
import { AutosaveController, type ChangeStore, type SavedAnswers, type SaveRequest, type ServerAnswers, type StoredSet } from './autosave';
import { deviceChangeStore } from './deviceChangeStore';

const answer = (formQuestionId: number, value: string | null, comment: string | null = null): Answer => ({ formQuestionId, value, comment });

/** A store in memory, as IndexedDB keeps it. */
function memoryStore(initial: StoredSet | null = null): ChangeStore & { kept: StoredSet | null } {
  const store = {
    kept: initial,
    read: () => Promise.resolve(store.kept),
    write: (set: StoredSet) => {
      store.kept = set;
      return Promise.resolve();
    },
    clear: () => {
      store.kept = null;
      return Promise.resolve();
    },
  };
  return store;
}

/** POST /api/answers: 409 on a stale version, or 409 'locked' when locked. */
function fakeServer(initial: ServerAnswers = { version: 0, answers: [] }) {
  const server = {
    stored: initial,
    locked: false,
    save: vi.fn(async (request: SaveRequest): Promise<SavedAnswers> => {
      await Promise.resolve();
      if (server.locked) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw { status: 409, data: { description: 'Signeringsskjemaet er låst', statusCode: 409, errors: [{ reason: 'locked', description: 'Signeringsskjemaet er låst' }] } };
      }
      if (request.version !== server.stored.version) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw { status: 409, data: { description: 'stale', statusCode: 409, errors: [{ reason: 'stale', description: 'stale' }] } };
      }
      server.change(request.answers);
      return { version: server.stored.version, saved: request.answers };
    }),
    reload: vi.fn(() => Promise.resolve(server.stored)),
    change(answers: Answer[]) {
      const byQuestion = new Map(server.stored.answers.map((a) => [a.formQuestionId, a]));
      for (const a of answers) byQuestion.set(a.formQuestionId, a);
      server.stored = { version: server.stored.version + 1, answers: [...byQuestion.values()] };
    },
  };
  return server;
}

let online = true;
const controllers: AutosaveController[] = [];

function start(server: ReturnType<typeof fakeServer>, store: ChangeStore) {
  const controller = new AutosaveController({
    initial: server.stored,
    storageKey: null,
    store,
    save: server.save,
    reload: server.reload,
    delayMs: 10,
    retryDelaysMs: [10],
    isOnline: () => online,
  });
  controller.start();
  controllers.push(controller);
  return controller;
}

afterEach(() => {
  for (const c of controllers.splice(0)) c.stop();
  online = true;
});

describe('answers kept on the device', () => {
  it('draws the page once per keystroke: the device confirming a write that changes nothing tells no one', async () => {
    const server = fakeServer({ version: 1, answers: [] });
    const store = memoryStore();
    online = false;
    const c = start(server, store);
    c.change(1, { comment: 'O' });
    await vi.waitFor(() => expect(c.getSnapshot().onDevice).toBe(true));
    const listener = vi.fn();
    const unsubscribe = c.subscribe(listener);
    for (const text of ['Ob', 'Obs', 'Obse']) c.change(1, { comment: text });
    await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(store.kept?.changes).toEqual([[1, { value: null, comment: 'Obse' }]]);
    // One snapshot per change; the three writes that keep onDevice true add none.
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps offline changes on the device, in order, and sends them together when the connection returns', async () => {
    const server = fakeServer({ version: 4, answers: [answer(1, '0')] });
    const store = memoryStore();
    online = false;
    const c = start(server, store);
    c.change(1, { value: '2' });
    c.change(2, { value: '3' });
    c.change(3, { comment: 'Godt' });
    await vi.waitFor(() => expect(c.getSnapshot().onDevice).toBe(true));
    expect(store.kept).toEqual({
      version: 4,
      changes: [
        [1, { value: '2', comment: null }],
        [2, { value: '3', comment: null }],
        [3, { value: null, comment: 'Godt' }],
      ],
      base: [
        [1, { value: '0', comment: null }],
        [2, { value: null, comment: null }],
        [3, { value: null, comment: null }],
      ],
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(server.save).not.toHaveBeenCalled();
    expect(c.getSnapshot()).toMatchObject({ status: 'pending', unsaved: true });

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(c.getSnapshot().status).toBe('saved'));
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save.mock.calls[0]?.[0]).toMatchObject({ version: 4, answers: [answer(1, '2'), answer(2, '3'), answer(3, null, 'Godt')] });
    await vi.waitFor(() => expect(store.kept).toBeNull());
    expect(c.getSnapshot().onDevice).toBe(false);
  });

  it('finds the changes of an earlier visit on the next start and sends them', async () => {
    const server = fakeServer({ version: 2, answers: [] });
    const store = memoryStore({ version: 2, changes: [[7, { value: '1', comment: null }]], base: [[7, { value: null, comment: null }]] });
    const c = start(server, store);
    await vi.waitFor(() => expect(server.stored.answers).toEqual([answer(7, '1')]));
    expect(c.getSnapshot().restored).toBe(true);
    await vi.waitFor(() => expect(store.kept).toBeNull());
  });

  it('shows a change the server has since changed differently as a conflict, and sends nothing until the user chooses', async () => {
    // Saved offline on version 2; another device then saved question 7 and 8.
    const server = fakeServer({ version: 3, answers: [answer(7, '4'), answer(8, '0')] });
    const store = memoryStore({
      version: 2,
      changes: [
        [7, { value: '1', comment: null }],
        [9, { value: '2', comment: null }],
      ],
      base: [
        [7, { value: null, comment: null }],
        [9, { value: null, comment: null }],
      ],
    });
    const c = start(server, store);
    await vi.waitFor(() => expect(c.getSnapshot().conflicts).toHaveLength(1));
    expect(c.getSnapshot().conflicts[0]).toEqual({ questionId: 7, mine: { value: '1', comment: null }, theirs: { value: '4', comment: null } });
    // The change nobody else touched goes; the conflict waits.
    await vi.waitFor(() => expect(server.stored.answers).toContainEqual(answer(9, '2')));
    expect(server.stored.answers).toContainEqual(answer(7, '4'));
    expect(store.kept?.changes).toEqual([[7, { value: '1', comment: null }]]);

    c.resolveConflict(7, 'mine');
    await vi.waitFor(() => expect(server.stored.answers).toContainEqual(answer(7, '1')));
    await vi.waitFor(() => expect(store.kept).toBeNull());
    expect(c.getSnapshot().conflicts).toEqual([]);
  });

  it('turns a stale save into a conflict when the same answer was changed elsewhere, and keeps the server answer when chosen', async () => {
    const server = fakeServer({ version: 1, answers: [answer(1, '0')] });
    const store = memoryStore();
    const c = start(server, store);
    server.change([answer(1, '3'), answer(2, '1')]);
    c.change(1, { value: '2' });
    await vi.waitFor(() => expect(c.getSnapshot().conflicts).toHaveLength(1));
    expect(c.getSnapshot().conflicts[0]).toMatchObject({ mine: { value: '2' }, theirs: { value: '3' } });
    expect(server.stored.answers).toContainEqual(answer(1, '3'));
    c.resolveConflict(1, 'theirs');
    await vi.waitFor(() => expect(store.kept).toBeNull());
    expect(c.getSnapshot().answers[1]).toEqual({ value: '3', comment: null });
    expect(c.getSnapshot().unsaved).toBe(false);
  });

  it('keeps the changes when the form is locked and says why', async () => {
    const server = fakeServer({ version: 1, answers: [] });
    server.locked = true;
    const store = memoryStore();
    const c = start(server, store);
    c.change(1, { value: '2' });
    await vi.waitFor(() => expect(c.getSnapshot().status).toBe('failed'));
    expect(server.reload).not.toHaveBeenCalled();
    expect(c.getSnapshot().error).toMatchObject({ status: 409 });
    expect(store.kept?.changes).toEqual([[1, { value: '2', comment: null }]]);
    expect(c.getSnapshot().unsaved).toBe(true);
  });
});

describe('the device store (IndexedDB)', () => {
  it('keeps a set per user and key, lists a user’s sets oldest first, and forgets everything on clear', async () => {
    const a = deviceChangeStore({ key: 'praksis.answers.3.5.16', userId: 16 });
    const b = deviceChangeStore({ key: 'praksis.answers.4.5.16', userId: 16 });
    const other = deviceChangeStore({ key: 'praksis.answers.3.5.17', userId: 17 });
    await a.write({ version: 1, changes: [[1, { value: '2', comment: null }]], base: [] });
    await new Promise((r) => setTimeout(r, 2));
    await b.write({ version: 2, changes: [[2, { value: '1', comment: null }]], base: [] });
    await other.write({ version: 1, changes: [[1, { value: '0', comment: null }]], base: [] });
    expect(await a.read()).toEqual({ version: 1, changes: [[1, { value: '2', comment: null }]], base: [] });
    expect((await listPending(16)).map((p) => p.key)).toEqual(['praksis.answers.3.5.16', 'praksis.answers.4.5.16']);
    await a.clear();
    expect(await readPending('praksis.answers.3.5.16')).toBeNull();
    await clearDevice();
    expect(await listPending(16)).toEqual([]);
    expect(await listPending(17)).toEqual([]);
  });

  it('clears the previous user’s data when another user signs in on the device', async () => {
    await claimDevice(16);
    await deviceChangeStore({ key: 'k16', userId: 16 }).write({ version: 1, changes: [[1, { value: '2', comment: null }]], base: [] });
    await claimDevice(16);
    expect(await listPending(16)).toHaveLength(1);
    await claimDevice(17);
    expect(await listPending(16)).toEqual([]);
  });

  it('takes over changes an older app kept in local storage, on top of the server’s', async () => {
    window.localStorage.setItem('praksis.answers.1.2.3', JSON.stringify({ version: 5, changes: [[4, { value: 'x', comment: null }]] }));
    const read = await deviceChangeStore({ key: 'praksis.answers.1.2.3', userId: 3 }).read();
    expect(read).toEqual({ version: -1, changes: [[4, { value: 'x', comment: null }]], base: [] });
    expect(window.localStorage.getItem('praksis.answers.1.2.3')).toBeNull();
  });
});
