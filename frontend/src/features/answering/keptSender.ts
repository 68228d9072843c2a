import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { errorDescriptions, normalizeError } from '@/api/errors';
import { SEND_MESSAGE } from '@/pwa/cacheNames';
import { listPending, type PendingChanges, type PendingForm } from '@/pwa/deviceStore';
import { isHeld, noteUnsent } from '@/pwa/unsent';
import { requestBackgroundSync } from '@/pwa/backgroundSync';
import { answeringApi } from './answeringApi';
import { AutosaveController, type ServerAnswers } from './hooks/autosave';
import { deviceChangeStore } from './hooks/deviceChangeStore';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** How one set went. */
export type SendOutcome = 'sent' | 'conflict' | 'refused' | 'waiting' | 'skipped';

/** The user's own set of a form as the server holds it now. */
async function serverSet(dispatch: Dispatch, form: PendingForm, userId: number): Promise<ServerAnswers> {
  const request = dispatch(
    answeringApi.endpoints.getStudentFormFull.initiate(
      { classId: form.classId, studentUserId: form.studentUserId, formId: form.formId },
      { forceRefetch: true, subscribe: false },
    ),
  );
  const full = await request.unwrap();
  const half = [full.midSemester, full.endSemester].find((candidate) => candidate?.assignmentId === form.assignmentId);
  const set = half && full.answerAs ? half[full.answerAs] : null;
  const own = set?.userId === userId ? set : null;
  return { version: own?.version ?? 0, answers: own?.answers ?? [] };
}

/**
 * Sends one set kept on the device, as the form page would on opening it:
 * on top of the version the changes were made on, reloading and merging on
 * a stale version; a conflict or a refusal stays on the device.
 */
export async function sendKeptSet(dispatch: Dispatch, kept: PendingChanges): Promise<SendOutcome> {
  const form = kept.form;
  // A form page that is open (or opening, at the app's start) sends its own.
  if (!form || isHeld(kept.key) || window.location.pathname === form.path) return 'skipped';
  const controller = new AutosaveController({
    // As the server was when the changes began: a save on top of it is
    // refused (409) if the server moved on, and then merged as on the page.
    initial: {
      version: kept.version,
      answers: kept.base.map(([formQuestionId, draft]) => ({ formQuestionId, ...draft })),
    },
    storageKey: null,
    store: deviceChangeStore({ key: kept.key, userId: kept.userId, form }),
    save: async (request) => {
      const call = dispatch(
        answeringApi.endpoints.saveAnswers.initiate({
          assignmentId: form.assignmentId,
          studentUserId: form.studentUserId,
          version: request.version,
          answers: request.answers,
          deliver: false,
        }),
      );
      try {
        return await call.unwrap();
      } finally {
        call.reset();
      }
    },
    reload: () => serverSet(dispatch, form, kept.userId),
  });
  const result = await controller.sendKept();
  if (result.conflicts.length > 0) {
    noteUnsent(kept.key, { key: kept.key, path: form.path, label: form.label, kind: 'conflict', reason: null });
    return 'conflict';
  }
  if (result.status === 'failed' || result.status === 'forbidden') {
    const reason = errorDescriptions(normalizeError(result.error)).join(' ') || null;
    noteUnsent(kept.key, { key: kept.key, path: form.path, label: form.label, kind: 'refused', reason });
    return 'refused';
  }
  if (result.status === 'pending' || result.status === 'retrying') return 'waiting';
  noteUnsent(kept.key, null);
  return 'sent';
}

/**
 * Sends every set the user's changes wait in, oldest first, for forms that
 * are not open (an open form page sends its own). Stops at the first that
 * cannot reach the server, so the sets go in the order they were written;
 * Background Sync (or the next start, or the `online` event) tries again.
 */
export async function sendKeptChanges(dispatch: Dispatch, userId: number): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const kept of await listPending(userId)) {
    const outcome = await sendKeptSet(dispatch, kept);
    outcomes.push(outcome);
    if (outcome === 'waiting') {
      void requestBackgroundSync();
      break;
    }
  }
  return outcomes;
}

/**
 * The app-wide sender of the signed-in app: sends what waits on the device
 * now (the start), when the browser is online again, and when the service
 * worker asks (Background Sync). Runs one pass at a time; a request during
 * a pass runs one more after it. Returns the stop.
 */
export function startKeptSender(dispatch: Dispatch, userId: number): () => void {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (!navigator.onLine) return;
    running = sendKeptChanges(dispatch, userId)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === SEND_MESSAGE) run();
  };
  // Not every browser (nor the tests' DOM) has service workers.
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', run);
  worker?.addEventListener('message', onMessage);
  run();
  return () => {
    stopped = true;
    window.removeEventListener('online', run);
    worker?.removeEventListener('message', onMessage);
  };
}
