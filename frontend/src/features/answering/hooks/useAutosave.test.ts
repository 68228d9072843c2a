import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/features/auth/token';
import type { Answer } from '../types';
import { MAX_CONFLICTS_IN_A_ROW, type AutosaveOptions, type SavedAnswers, type SaveRequest, type ServerAnswers } from './autosave';
import { answersStorageKey, useAutosave } from './useAutosave';

const KEY = answersStorageKey(3, 5, 16);

const blankToNull = (text: string | null) => (text && text.trim() !== '' ? text : null);

const answer = (formQuestionId: number, value: string | null, comment: string | null = null): Answer => ({
  formQuestionId,
  value,
  comment,
});

/**
 * A fake server: keeps the set, answers saves as POST /api/answers does with
 * `Prefer: return=minimal` (the new version and the questions sent, as
 * stored: a blank value or comment as none), 409 on a stale version.
 */
function fakeServer(initial: ServerAnswers = { version: 0, answers: [] }) {
  let stored: ServerAnswers = initial;
  const save = vi.fn(async (request: SaveRequest): Promise<SavedAnswers> => {
    await Promise.resolve();
    // RTK Query's unwrap rejects with the plain error object.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (request.version !== stored.version) throw { status: 409, data: { description: 'stale', statusCode: 409, errors: [] } };
    const byQuestion = new Map(stored.answers.map((a) => [a.formQuestionId, a]));
    const saved = request.answers.map((a) => ({ ...a, value: blankToNull(a.value), comment: blankToNull(a.comment) }));
    for (const a of saved) {
      if (a.value === null && a.comment === null) byQuestion.delete(a.formQuestionId);
      else byQuestion.set(a.formQuestionId, a);
    }
    stored = { version: stored.version + 1, answers: [...byQuestion.values()] };
    return { version: stored.version, saved };
  });
  const reload = vi.fn(async (): Promise<ServerAnswers> => {
    await Promise.resolve();
    return stored;
  });
  return {
    save,
    reload,
    get stored() {
      return stored;
    },
    /** Someone else saves (another device of the same person). */
    changeElsewhere(answers: Answer[]) {
      const byQuestion = new Map(stored.answers.map((a) => [a.formQuestionId, a]));
      for (const a of answers) byQuestion.set(a.formQuestionId, a);
      stored = { version: stored.version + 1, answers: [...byQuestion.values()] };
    },
  };
}

function setup(options: Partial<AutosaveOptions> & Pick<AutosaveOptions, 'save' | 'reload'>) {
  return renderHook(() =>
    useAutosave({ initial: { version: 0, answers: [] }, storageKey: KEY, isOnline: () => navigator.onLine, ...options }),
  );
}

/** Lets timers run and the promises they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('saves 3 s after the last change, once, with the version last received', async () => {
    const server = fakeServer({ version: 4, answers: [answer(1, '2')] });
    const { result } = setup({ initial: server.stored, save: server.save, reload: server.reload });
    expect(result.current.status).toBe('idle');

    act(() => result.current.change(1, { value: '3' }));
    await advance(2000);
    act(() => result.current.change(2, { value: '5' }));
    await advance(2999);
    expect(server.save).not.toHaveBeenCalled();
    expect(result.current.status).toBe('pending');
    expect(result.current.answers[1]).toEqual({ value: '3', comment: null });

    await advance(1);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save.mock.calls[0]?.[0]).toEqual({
      version: 4,
      answers: [answer(1, '3'), answer(2, '5')],
      deliver: false,
      keepalive: false,
    });
    expect(result.current.status).toBe('saved');
    expect(result.current.version).toBe(5);
    expect(result.current.savedAt).toBeInstanceOf(Date);
    expect(result.current.unsaved).toBe(false);
    expect(window.localStorage.getItem(KEY)).toBeNull();

    // The next change builds on the new version and sends only what changed.
    act(() => result.current.change(2, { comment: 'Bra' }));
    await advance(3000);
    expect(server.save.mock.calls[1]?.[0]).toMatchObject({ version: 5, answers: [answer(2, '5', 'Bra')] });
  });

  it('keeps the questions a save did not send as they were, and drops one cleared', async () => {
    // A save answers only the questions it sent (Prefer: return=minimal).
    const server = fakeServer({ version: 2, answers: [answer(1, '2', 'Trygg'), answer(2, '4'), answer(3, '1')] });
    const { result } = setup({ initial: server.stored, save: server.save, reload: server.reload });
    act(() => result.current.change(2, { value: '0' }));
    act(() => result.current.change(3, { value: null }));
    await advance(3000);
    expect(server.save.mock.calls[0]?.[0]).toMatchObject({ version: 2, answers: [answer(2, '0'), answer(3, null)] });
    expect(result.current.status).toBe('saved');
    expect(result.current.version).toBe(3);
    expect(result.current.answers[1]).toEqual({ value: '2', comment: 'Trygg' });
    expect(result.current.answers[2]).toEqual({ value: '0', comment: null });
    expect(result.current.answers[3]?.value ?? null).toBeNull();

    // Saved questions count as the server's: writing question 3 again is
    // a change on top of none, and question 1 is not sent again.
    act(() => result.current.change(3, { value: '1' }));
    await advance(3000);
    expect(server.save.mock.calls[1]?.[0]).toEqual({ version: 3, answers: [answer(3, '1')], deliver: false, keepalive: false });
    expect(server.stored.answers).toEqual([answer(1, '2', 'Trygg'), answer(2, '0'), answer(3, '1')]);

    // Another device changes question 1; a stale save reloads and merges
    // without a conflict on the questions saved here.
    server.changeElsewhere([answer(1, '3', 'Trygg')]);
    act(() => result.current.change(2, { value: '1' }));
    await advance(3000);
    expect(result.current.conflicts).toEqual([]);
    expect(result.current.answers[1]).toEqual({ value: '3', comment: 'Trygg' });
    expect(result.current.answers[2]).toEqual({ value: '1', comment: null });
  });

  it('keeps every change in local storage until the server has it', async () => {
    const server = fakeServer();
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(7, { comment: 'Skrevet på bussen' }));
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '{}')).toEqual({
      version: 0,
      changes: [[7, { value: null, comment: 'Skrevet på bussen' }]],
    });
    await advance(3000);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('tries a failed save again, waiting longer each time', async () => {
    const server = fakeServer();
    server.save
      .mockRejectedValueOnce({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })
      .mockRejectedValueOnce({ status: 503, data: { description: 'Unavailable', statusCode: 503, errors: [] } });
    const { result } = setup({ save: server.save, reload: server.reload });

    act(() => result.current.change(1, { value: '0' }));
    await advance(3000);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('retrying');
    expect(result.current.unsaved).toBe(true);

    await advance(2000);
    expect(server.save).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('retrying');

    await advance(4999);
    expect(server.save).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(server.save).toHaveBeenCalledTimes(3);
    expect(result.current.status).toBe('saved');
    expect(server.stored.answers).toEqual([answer(1, '0')]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('holds changes made offline in local storage and sends them when the connection returns', async () => {
    const server = fakeServer();
    online = false;
    const first = setup({ save: server.save, reload: server.reload });
    expect(first.result.current.online).toBe(false);

    act(() => first.result.current.change(9, { value: 'Tekst skrevet uten nett' }));
    await advance(10_000);
    expect(server.save).not.toHaveBeenCalled();
    expect(first.result.current.status).toBe('pending');
    expect(first.result.current.unsaved).toBe(true);
    expect(window.localStorage.getItem(KEY)).toContain('Tekst skrevet uten nett');

    // The page is closed and opened again, still offline: nothing is lost.
    first.unmount();
    const second = setup({ save: server.save, reload: server.reload });
    expect(second.result.current.answers[9]?.value).toBe('Tekst skrevet uten nett');
    expect(second.result.current.restored).toBe(true);
    await advance(1000);
    expect(server.save).not.toHaveBeenCalled();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.stored.answers).toEqual([answer(9, 'Tekst skrevet uten nett')]);
    expect(second.result.current.status).toBe('saved');
    expect(second.result.current.online).toBe(true);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('sends changes left in local storage on the next page load', async () => {
    const server = fakeServer({ version: 2, answers: [answer(1, '1')] });
    window.localStorage.setItem(KEY, JSON.stringify({ version: 2, changes: [[1, { value: '4', comment: null }]] }));
    const { result } = setup({ initial: server.stored, save: server.save, reload: server.reload });
    expect(result.current.answers[1]?.value).toBe('4');
    await advance(0);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.stored).toEqual({ version: 3, answers: [answer(1, '4')] });
  });

  it('on a stale version reloads, puts the unsaved changes on top, saves again and says so', async () => {
    const server = fakeServer({ version: 1, answers: [answer(1, '2'), answer(2, '2')] });
    const { result } = setup({ initial: server.stored, save: server.save, reload: server.reload });
    server.changeElsewhere([answer(2, '0', 'Endret på PC-en')]);

    act(() => result.current.change(1, { value: '3', comment: 'Fra telefonen' }));
    await advance(3000);

    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.reload).toHaveBeenCalledTimes(1);
    expect(server.save.mock.calls[1]?.[0]).toMatchObject({ version: 2, answers: [answer(1, '3', 'Fra telefonen')] });
    expect(result.current.status).toBe('saved');
    expect(result.current.merged).toBe(true);
    expect(result.current.answers[1]).toEqual({ value: '3', comment: 'Fra telefonen' });
    expect(result.current.answers[2]).toEqual({ value: '0', comment: 'Endret på PC-en' });
    expect(server.stored.version).toBe(3);

    act(() => result.current.dismissMerged());
    expect(result.current.merged).toBe(false);
  });

  it('gives up on a conflict that reloading does not solve (a locked form) and keeps the changes', async () => {
    const server = fakeServer();
    const locked = { status: 409, data: { description: 'Signeringsskjemaet er låst', statusCode: 409, errors: [] } };
    server.save.mockRejectedValue(locked);
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(1, { value: '1' }));
    await advance(3000);
    expect(server.save).toHaveBeenCalledTimes(MAX_CONFLICTS_IN_A_ROW + 1);
    expect(result.current.status).toBe('failed');
    expect(result.current.error).toBe(locked);
    expect(window.localStorage.getItem(KEY)).toContain('"1"');
    // No endless retrying.
    await advance(60_000);
    expect(server.save).toHaveBeenCalledTimes(MAX_CONFLICTS_IN_A_ROW + 1);
  });

  it('turns forbidden when the caller may not answer', async () => {
    const server = fakeServer();
    server.save.mockRejectedValue({ status: 403, data: { description: 'Forbidden', statusCode: 403, errors: [] } });
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(1, { value: '1' }));
    await advance(3000);
    expect(result.current.status).toBe('forbidden');
    await advance(60_000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  it('delivers with the last changes at once', async () => {
    const server = fakeServer();
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(1, { value: '5' }));
    let delivered = false;
    await act(async () => {
      delivered = await result.current.deliver();
    });
    expect(delivered).toBe(true);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save.mock.calls[0]?.[0]).toMatchObject({ deliver: true, answers: [answer(1, '5')] });
    await advance(5000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  it('keeps a change made while a save is under way and saves it next', async () => {
    const server = fakeServer();
    const saveAsServer = server.save.getMockImplementation();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.save.mockImplementationOnce(async (request) => {
      await gate;
      if (!saveAsServer) throw new Error('no server');
      return saveAsServer(request);
    });
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(1, { comment: 'Før' }));
    await advance(3000);
    expect(result.current.status).toBe('saving');
    act(() => result.current.change(1, { comment: 'Før og etter' }));
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.answers[1]?.comment).toBe('Før og etter');
    expect(result.current.status).toBe('pending');
    await advance(3000);
    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.save.mock.calls[1]?.[0]).toMatchObject({ version: 1, answers: [answer(1, null, 'Før og etter')] });
  });

  it('warns before the page is left with unsaved changes and sends them', async () => {
    setToken('tok');
    const server = fakeServer();
    const { result } = setup({ save: server.save, reload: server.reload });
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);

    act(() => result.current.change(1, { value: '2' }));
    const leaving = new Event('beforeunload', { cancelable: true });
    await act(async () => {
      window.dispatchEvent(leaving);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(leaving.defaultPrevented).toBe(true);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save.mock.calls[0]?.[0]).toMatchObject({ keepalive: true });
  });

  it('does not hold the user back once the session has ended (no token): the changes went with it', () => {
    const server = fakeServer();
    const { result } = setup({ save: server.save, reload: server.reload });
    act(() => result.current.change(1, { value: '2' }));
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });
});
