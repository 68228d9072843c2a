import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { getToken } from '@/features/auth/token';
import {
  AutosaveController,
  type AnswerDraft,
  type AutosaveOptions,
  type AutosaveSnapshot,
} from './autosave';

export type { AnswerConflict, AnswerDraft, AutosaveSnapshot, SavedAnswers, SaveRequest, SaveStatus, ServerAnswers } from './autosave';
export { AUTOSAVE_DELAY_MS } from './autosave';

/** The local-storage key of one person's unsaved answers to one assignment about one student. */
export function answersStorageKey(assignmentId: number, studentUserId: number, userId: number): string {
  return `praksis.answers.${assignmentId}.${studentUserId}.${userId}`;
}

export interface UseAutosave extends AutosaveSnapshot {
  /** Changes one question's value or comment. */
  change: (questionId: number, patch: Partial<AnswerDraft>) => void;
  /** Saves now; true when everything was saved. */
  flush: () => Promise<boolean>;
  /** Saves and delivers the set; true when delivered. */
  deliver: () => Promise<boolean>;
  /** Hides the note about merged or restored changes. */
  dismissMerged: () => void;
  /** The user's choice for an answer changed here and elsewhere. */
  resolveConflict: (questionId: number, keep: 'mine' | 'theirs') => void;
}

/**
 * Autosave for the form page (spec §4): changes are saved 3 s after the
 * last one, failed saves are retried, offline changes wait in local storage
 * for the connection, and a stale version is merged (see
 * {@link AutosaveController}). Leaving the page with unsaved changes asks
 * the browser to warn and sends them; so does hiding the page (a phone
 * switching apps), and leaving the screen inside the app.
 *
 * `initial` and `storageKey` are read once; `save` and `reload` may change.
 */
export function useAutosave(options: AutosaveOptions): UseAutosave {
  const [controller] = useState(() => new AutosaveController(options));
  const { save, reload } = options;

  useLayoutEffect(() => {
    controller.setHandlers({ save, reload });
  }, [controller, save, reload]);

  useEffect(() => {
    controller.start();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Without a token the session has ended: nothing can be sent, and
      // what waited was cleared with it, so the page does not hold the user.
      if (!controller.hasUnsaved() || getToken() === null) return;
      void controller.flush({ keepalive: true });
      // Asks the browser to warn before the page goes.
      event.preventDefault();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && controller.hasUnsaved()) void controller.flush({ keepalive: true });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onHidden);
      controller.stop();
    };
  }, [controller]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const [actions] = useState(() => ({
    change: (questionId: number, patch: Partial<AnswerDraft>) => controller.change(questionId, patch),
    flush: () => controller.flush(),
    deliver: () => controller.deliver(),
    dismissMerged: () => controller.dismissMerged(),
    resolveConflict: (questionId: number, keep: 'mine' | 'theirs') => controller.resolveConflict(questionId, keep),
  }));
  return { ...snapshot, ...actions };
}
