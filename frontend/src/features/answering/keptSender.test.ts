import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '@/app/store';
import { setToken } from '@/features/auth/token';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, requestsTo, serveTenant } from '@/testing/renderApp';
import { listPending, readPending, writePending, type PendingChanges } from '@/pwa/deviceStore';
import { forgetUnsent, getUnsent, holdSet } from '@/pwa/unsent';
import type { Answer, SaveAnswersInput } from './types';
import { AutosaveController, type ServerAnswers } from './hooks/autosave';
import { deviceChangeStore } from './hooks/deviceChangeStore';
import { sendKeptChanges, startKeptSender } from './keptSender';

const USER = 16;
const form = (assignmentId: number) => ({
  classId: 3,
  studentUserId: 5,
  formId: 7,
  assignmentId,
  path: `/advisor/class/3/student/5/form/7/assignment/${assignmentId}`,
  label: `Skjema ${assignmentId} – Sara Ali`,
});
const key = (assignmentId: number) => `praksis.answers.${assignmentId}.5.${USER}`;
const answer = (formQuestionId: number, value: string | null): Answer => ({ formQuestionId, value, comment: null });

function kept(assignmentId: number, version: number, changes: [number, string][], updatedAt: number): PendingChanges {
  return {
    key: key(assignmentId),
    userId: USER,
    version,
    changes: changes.map(([q, value]) => [q, { value, comment: null }]),
    base: changes.map(([q]) => [q, { value: null, comment: null }]),
    updatedAt,
    form: form(assignmentId),
  };
}

/** The server's sets by assignment: POST /api/answers with versions, GET …/full for the reload. */
function fakeServer(sets: Record<number, ServerAnswers>, locked = new Set<number>()) {
  const saves: SaveAnswersInput[] = [];
  const fetchMock = mockApi(serveTenant(demoTenant), {
    'POST /api/answers': async (request) => {
      const body = (await request.json()) as SaveAnswersInput;
      saves.push(body);
      const set = sets[body.assignmentId] ?? { version: 0, answers: [] };
      if (locked.has(body.assignmentId)) {
        const text = 'Signeringsskjemaet er låst, så svarene kan ikke lenger endres.';
        return { status: 409, body: { description: text, statusCode: 409, errors: [{ reason: 'locked', description: text }] } };
      }
      if (body.version !== set.version) {
        return { status: 409, body: { description: 'Svarene er endret', statusCode: 409, errors: [{ reason: 'stale', description: 'Svarene er endret' }] } };
      }
      const byQuestion = new Map(set.answers.map((a) => [a.formQuestionId, a]));
      for (const a of body.answers) byQuestion.set(a.formQuestionId, a);
      sets[body.assignmentId] = { version: set.version + 1, answers: [...byQuestion.values()] };
      // As the server answers the app's Prefer: return=minimal.
      return { status: 200, body: { id: body.assignmentId, version: set.version + 1, deliveredAt: null, updatedAt: '2026-03-01T10:00:00Z', saved: body.answers } };
    },
    'GET /api/classes/3/students/5/forms/7/full': () => ({
      status: 200,
      body: {
        answerAs: 'advisor',
        midSemester: null,
        endSemester: {
          assignmentId: 11,
          isMidSemester: false,
          student: null,
          teacher: null,
          others: [],
          advisor: { userId: USER, ...(sets[11] ?? { version: 0, answers: [] }), comments: [] },
        },
      },
    }),
  });
  return { fetchMock, saves, sets };
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetUnsent();
});

describe('the app-wide sender', () => {
  it('sends every set kept on the device, oldest first, without the forms open', async () => {
    setToken('tok');
    const server = fakeServer({ 11: { version: 2, answers: [] }, 12: { version: 0, answers: [] } });
    await writePending(kept(12, 0, [[4, '1']], 2000));
    await writePending(kept(11, 2, [[1, '3'], [2, '4']], 1000));

    expect(await sendKeptChanges(setupStore().dispatch, USER)).toEqual(['sent', 'sent']);
    expect(server.saves.map((s) => [s.assignmentId, s.version, s.answers])).toEqual([
      [11, 2, [answer(1, '3'), answer(2, '4')]],
      [12, 0, [answer(4, '1')]],
    ]);
    expect(await listPending(USER)).toEqual([]);
  });

  it('merges a set the server changed elsewhere, and keeps a conflict on the device for the form page', async () => {
    setToken('tok');
    // Saved offline on version 2; another device then changed question 1 and 3.
    const server = fakeServer({ 11: { version: 3, answers: [answer(1, '9'), answer(3, '2')] } });
    await writePending(kept(11, 2, [[1, '3'], [2, '4']], 1000));

    expect(await sendKeptChanges(setupStore().dispatch, USER)).toEqual(['conflict']);
    // Question 2 went; question 1 was not overwritten.
    expect(server.sets[11]?.answers).toEqual(expect.arrayContaining([answer(1, '9'), answer(2, '4')]));
    expect(getUnsent()).toMatchObject([{ key: key(11), kind: 'conflict', path: form(11).path }]);
    const left = await readPending(key(11));
    expect(left?.changes).toEqual([[1, { value: '3', comment: null }]]);

    // Opening the form: both versions are shown, and nothing goes until the user chooses.
    const release = holdSet(key(11));
    expect(getUnsent()).toEqual([]);
    const page = new AutosaveController({
      initial: server.sets[11] ?? { version: 0, answers: [] },
      storageKey: null,
      store: deviceChangeStore({ key: key(11), userId: USER }),
      save: () => Promise.reject(new Error('nothing should be saved')),
      reload: () => Promise.reject(new Error('nothing should be reloaded')),
    });
    page.start();
    await vi.waitFor(() => expect(page.getSnapshot().conflicts).toHaveLength(1));
    expect(page.getSnapshot().conflicts[0]).toEqual({ questionId: 1, mine: { value: '3', comment: null }, theirs: { value: '9', comment: null } });
    page.stop();
    release();
  });

  it('keeps a set a locked form refuses, with the reason, and goes on with the next', async () => {
    setToken('tok');
    const server = fakeServer({ 11: { version: 2, answers: [] }, 12: { version: 0, answers: [] } }, new Set([11]));
    await writePending(kept(11, 2, [[1, '3']], 1000));
    await writePending(kept(12, 0, [[4, '1']], 2000));

    expect(await sendKeptChanges(setupStore().dispatch, USER)).toEqual(['refused', 'sent']);
    expect(getUnsent()).toMatchObject([
      { key: key(11), kind: 'refused', reason: 'Signeringsskjemaet er låst, så svarene kan ikke lenger endres.' },
    ]);
    expect((await listPending(USER)).map((p) => p.key)).toEqual([key(11)]);
    expect(server.saves).toHaveLength(2);
  });

  it('leaves a set open in a form page to the page, and stops at the first set that cannot reach the server', async () => {
    setToken('tok');
    const fetchMock = mockApi('network-error');
    await writePending(kept(11, 2, [[1, '3']], 1000));
    await writePending(kept(12, 0, [[4, '1']], 2000));
    const release = holdSet(key(11));
    expect(await sendKeptChanges(setupStore().dispatch, USER)).toEqual(['skipped', 'waiting']);
    release();
    expect(requestsTo(fetchMock)).toEqual(['POST /api/answers']);
    expect(await listPending(USER)).toHaveLength(2);
  });

  it('sends on start and again when the browser is online', async () => {
    setToken('tok');
    const server = fakeServer({ 11: { version: 2, answers: [] }, 12: { version: 0, answers: [] } });
    await writePending(kept(11, 2, [[1, '3']], 1000));
    const stop = startKeptSender(setupStore().dispatch, USER);
    await vi.waitFor(() => expect(server.saves).toHaveLength(1));
    await writePending(kept(12, 0, [[4, '1']], 2000));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.saves).toHaveLength(2));
    stop();
    await vi.waitFor(async () => expect(await listPending(USER)).toEqual([]));
  });
});
