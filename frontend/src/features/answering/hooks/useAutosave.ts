import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/** What the form page does with its answers; reading them is apart (see {@link useAutosaveState}). */
export interface AutosaveActions {
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

/** The whole autosave state with its actions. */
export interface UseAutosave extends AutosaveSnapshot, AutosaveActions {}

/** Where the parts of the page read the autosave state, each the part it shows. */
export interface AutosaveSource {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AutosaveSnapshot;
}

/** The controller bound to the page, and its actions; reading the state is apart. */
export interface UseAutosaveController {
  source: AutosaveSource;
  actions: AutosaveActions;
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
  const { source, actions } = useAutosaveController(options);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  return { ...snapshot, ...actions };
}

/**
 * {@link useAutosave} without reading its state: the page's parts read what
 * each shows with {@link useAutosaveState}, so a keystroke draws its field
 * and not the page around it.
 */
export function useAutosaveController(options: AutosaveOptions): UseAutosaveController {
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

  const [bound] = useState<UseAutosaveController>(() => ({
    source: controller,
    actions: {
    change: (questionId: number, patch: Partial<AnswerDraft>) => controller.change(questionId, patch),
    flush: () => controller.flush(),
    deliver: () => controller.deliver(),
    dismissMerged: () => controller.dismissMerged(),
      resolveConflict: (questionId: number, keep: 'mine' | 'theirs') => controller.resolveConflict(questionId, keep),
    },
  }));
  return bound;
}

/**
 * The part of the autosave state a component shows, drawn again only when
 * that part changes: `select` picks it from the snapshot, and `equal`
 * compares it with the last one (each field's own value, by default, so an
 * object of fields counts as unchanged when none of them changed).
 */
export function useAutosaveState<T>(source: AutosaveSource, select: (snapshot: AutosaveSnapshot) => T, equal: (a: T, b: T) => boolean = sameFields): T {
  // The last snapshot and what was picked from it: the same answer for the
  // same snapshot, and the old one while the part is equal.
  const last = useRef<{ snapshot: AutosaveSnapshot; picked: T } | null>(null);
  const selectRef = useRef(select);
  const equalRef = useRef(equal);
  useLayoutEffect(() => {
    selectRef.current = select;
    equalRef.current = equal;
  });
  const pick = useCallback(() => {
    const snapshot = source.getSnapshot();
    const seen = last.current;
    if (seen?.snapshot === snapshot) return seen.picked;
    const picked = selectRef.current(snapshot);
    if (seen && equalRef.current(seen.picked, picked)) {
      last.current = { snapshot, picked: seen.picked };
      return seen.picked;
    }
    last.current = { snapshot, picked };
    return picked;
  }, [source]);
  return useSyncExternalStore(source.subscribe, pick);
}

/** Equal values, or objects whose fields are each the same value. */
function sameFields<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
