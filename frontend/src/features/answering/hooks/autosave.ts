import { normalizeError } from '@/api/errors';
import type { Answer } from '../types';

/** The wait after the last change before the answers are saved (spec §4, §9). */
export const AUTOSAVE_DELAY_MS = 3000;

/** Waits before trying a failed save again: longer each time, then every 30 s. */
export const RETRY_DELAYS_MS: readonly number[] = [2000, 5000, 10_000, 20_000, 30_000];

/**
 * Conflicts (409) in a row that are answered by reloading and saving again.
 * A conflict that survives a reload is not a stale version (e.g. the signing
 * form is locked), so after this many the save fails for good.
 */
export const MAX_CONFLICTS_IN_A_ROW = 3;

/** A question's answer as the user edits it: the value and the user's own comment. */
export interface AnswerDraft {
  value: string | null;
  comment: string | null;
}

/** The caller's set as the server last confirmed it. */
export interface ServerAnswers {
  version: number;
  answers: readonly Answer[];
}

/** One `POST /api/answers`: the changed answers on top of `version`. */
export interface SaveRequest {
  version: number;
  answers: Answer[];
  deliver: boolean;
  /** Lets the request outlive the page (a flush while the page is closed). */
  keepalive: boolean;
}

/**
 * Where saving stands:
 * - idle: nothing changed since the page was loaded;
 * - pending: changes wait for the pause after typing (or for the connection);
 * - saving: a save is under way;
 * - saved: everything is saved (`savedAt`);
 * - retrying: a save failed (no answer or a server error) and is tried again soon;
 * - failed: the server refused the answers (`error`); the next change tries again;
 * - forbidden: the caller may not answer (403); the page turns read-only.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'failed' | 'forbidden';

/** What the form page shows of saving. */
export interface AutosaveSnapshot {
  /** Every answer as the user sees it: the saved ones with the unsaved changes on top. */
  answers: Readonly<Record<number, AnswerDraft>>;
  status: SaveStatus;
  /** Whether the browser has a connection; offline changes wait for it. */
  online: boolean;
  /** When everything was last saved. */
  savedAt: Date | null;
  /** Why the last save was refused (status failed). */
  error: unknown;
  /** Answers changed elsewhere were merged with the user's changes. */
  merged: boolean;
  /** Changes from an earlier visit were found on this device and are being saved. */
  restored: boolean;
  /** Changes not yet confirmed by the server. */
  unsaved: boolean;
  /** A delivery (send) is under way. */
  delivering: boolean;
  /** The version the next save builds on. */
  version: number;
}

/** What the controller needs from the page. */
export interface AutosaveHandlers {
  /** Saves; resolves with the set as stored, rejects with the call's error. */
  save: (request: SaveRequest) => Promise<ServerAnswers>;
  /** Reads the caller's set again (after a 409). */
  reload: () => Promise<ServerAnswers>;
}

export interface AutosaveOptions extends AutosaveHandlers {
  /** The caller's set when the page was loaded. */
  initial: ServerAnswers;
  /**
   * Local-storage key for changes not yet saved (per assignment, student
   * and user), or null to keep them in memory only.
   */
  storageKey: string | null;
  delayMs?: number;
  retryDelaysMs?: readonly number[];
  isOnline?: () => boolean;
  now?: () => Date;
}

/** What is kept in local storage until the server has it. */
interface StoredChanges {
  version: number;
  changes: [number, AnswerDraft][];
}

const EMPTY: AnswerDraft = { value: null, comment: null };

/** Blank text counts as none, as on the server. */
const normalize = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text : null);

const sameDraft = (a: AnswerDraft | undefined, b: AnswerDraft | undefined) =>
  normalize(a?.value) === normalize(b?.value) && normalize(a?.comment) === normalize(b?.comment);

function toMap(answers: readonly Answer[]): Map<number, AnswerDraft> {
  return new Map(answers.map((a) => [a.formQuestionId, { value: a.value, comment: a.comment }]));
}

type Failure = 'retry' | 'stale' | 'forbidden' | 'refused';

/**
 * Whether a failed call never reached a server that could answer it: no
 * answer at all, or the proxy or the service saying it cannot get through
 * (502, 504) or that its database is away for a moment (503). The text is
 * kept and the save tried again; the page says it is reconnecting.
 */
export function isUnreachable(error: unknown): boolean {
  const { statusCode } = normalizeError(error);
  return statusCode < 0 || statusCode === 502 || statusCode === 503 || statusCode === 504;
}

/** What kind of failure a rejected save is. */
export function classifySaveError(error: unknown): Failure {
  const { statusCode } = normalizeError(error);
  if (statusCode === 409) return 'stale';
  if (statusCode === 403) return 'forbidden';
  if (statusCode < 0 || statusCode === 408 || statusCode === 429 || statusCode >= 500) return 'retry';
  return 'refused';
}

/** Reads changes an earlier visit left in local storage. */
export function readStoredChanges(key: string): Map<number, AnswerDraft> {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return new Map();
    const stored = JSON.parse(text) as Partial<StoredChanges>;
    const entries = Array.isArray(stored.changes) ? stored.changes : [];
    const out = new Map<number, AnswerDraft>();
    for (const entry of entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'number') continue;
      const draft = entry[1] as Partial<AnswerDraft> | null;
      out.set(entry[0], {
        value: typeof draft?.value === 'string' ? draft.value : null,
        comment: typeof draft?.comment === 'string' ? draft.comment : null,
      });
    }
    return out;
  } catch {
    return new Map();
  }
}

/**
 * Saves a person's answers while they work, so that nothing typed is lost:
 *
 * - every change is kept in local storage at once, until the server has it;
 * - 3 s after the last change the changed answers are sent on top of the
 *   version last received;
 * - a save without an answer or with a server error is tried again, with
 *   growing pauses; while the browser is offline nothing is sent, and the
 *   changes go as soon as it is online again (and on the next page load);
 * - a stale version (409) reloads the set, puts the unsaved changes on top
 *   and saves again, noting that changes from elsewhere were merged;
 * - saves never overlap: one waits for the other.
 *
 * Framework-free so it can be tested with fake timers; `useAutosave` binds
 * it to a component.
 */
export class AutosaveController {
  private server: Map<number, AnswerDraft>;
  private version: number;
  private readonly dirty: Map<number, AnswerDraft>;
  private handlers: AutosaveHandlers;
  private readonly storageKey: string | null;
  private readonly delayMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly isOnline: () => boolean;
  private readonly now: () => Date;

  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retries = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private running = 0;
  private started = false;
  private listeners = new Set<() => void>();
  private snapshot: AutosaveSnapshot;

  constructor(options: AutosaveOptions) {
    this.handlers = { save: options.save, reload: options.reload };
    this.storageKey = options.storageKey;
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
    this.now = options.now ?? (() => new Date());
    this.server = toMap(options.initial.answers);
    this.version = options.initial.version;
    this.dirty = new Map();
    if (this.storageKey) {
      for (const [question, draft] of readStoredChanges(this.storageKey)) {
        if (!sameDraft(draft, this.server.get(question))) this.dirty.set(question, draft);
      }
      if (this.dirty.size === 0) this.clearStorage();
    }
    this.snapshot = {
      answers: this.view(),
      status: this.dirty.size > 0 ? 'pending' : 'idle',
      online: this.isOnline(),
      savedAt: null,
      error: null,
      merged: false,
      restored: this.dirty.size > 0,
      unsaved: this.dirty.size > 0,
      delivering: false,
      version: this.version,
    };
  }

  /** The latest save and reload functions (they may change between renders). */
  setHandlers(handlers: AutosaveHandlers): void {
    this.handlers = handlers;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AutosaveSnapshot => this.snapshot;

  /** Starts listening for the connection; saves changes left from an earlier visit. */
  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.update({ online: this.isOnline() });
    if (this.dirty.size > 0) void this.flush();
  }

  /** Stops timers and listeners; unsaved changes are sent once more and stay in local storage. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    if (this.dirty.size > 0) void this.enqueue({ deliver: false, keepalive: true });
  }

  /** Whether some change is not yet confirmed by the server. */
  hasUnsaved(): boolean {
    return this.dirty.size > 0 || this.running > 0;
  }

  /** Changes one question's value or comment; saved 3 s after the last change. */
  change(questionId: number, patch: Partial<AnswerDraft>): void {
    const current = this.dirty.get(questionId) ?? this.server.get(questionId) ?? EMPTY;
    // Kept as a change even when it equals the saved answer again: a save
    // under way may carry an older change of the same question.
    this.dirty.set(questionId, { ...current, ...patch });
    this.persist();
    const keepStatus = this.snapshot.status === 'saving' || this.snapshot.status === 'retrying' || this.snapshot.status === 'forbidden';
    this.update({
      answers: this.view(),
      unsaved: this.hasUnsaved(),
      status: keepStatus ? this.snapshot.status : 'pending',
      error: keepStatus ? this.snapshot.error : null,
    });
    if (this.snapshot.status === 'forbidden' || this.retryTimer !== null) return;
    this.schedule();
  }

  /** Saves the changes now (e.g. before leaving); resolves true when all were saved. */
  flush(options: { keepalive?: boolean } = {}): Promise<boolean> {
    this.clearDebounce();
    return this.enqueue({ deliver: false, keepalive: options.keepalive ?? false });
  }

  /** Saves the changes and delivers the set (the send button); resolves true when delivered. */
  async deliver(): Promise<boolean> {
    this.clearTimers();
    this.update({ delivering: true });
    try {
      return await this.enqueue({ deliver: true, keepalive: false });
    } finally {
      this.update({ delivering: false });
    }
  }

  /** Hides the note about merged changes. */
  dismissMerged(): void {
    this.update({ merged: false, restored: false });
  }

  private onOnline = () => {
    this.update({ online: true });
    if (this.dirty.size > 0) {
      this.retries = 0;
      this.clearTimers();
      void this.enqueue({ deliver: false, keepalive: false });
    }
  };

  private onOffline = () => {
    this.update({ online: false });
  };

  private view(): Record<number, AnswerDraft> {
    const out: Record<number, AnswerDraft> = {};
    for (const [question, draft] of this.server) out[question] = draft;
    for (const [question, draft] of this.dirty) out[question] = draft;
    return out;
  }

  private update(patch: Partial<AutosaveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private schedule(): void {
    this.clearDebounce();
    if (this.dirty.size === 0) return;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.enqueue({ deliver: false, keepalive: false });
    }, this.delayMs);
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    const delay = this.retryDelaysMs[Math.min(this.retries, this.retryDelaysMs.length - 1)] ?? AUTOSAVE_DELAY_MS;
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.enqueue({ deliver: false, keepalive: false });
    }, delay);
  }

  private clearDebounce(): void {
    if (this.debounceTimer !== null) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
  }

  private clearTimers(): void {
    this.clearDebounce();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private enqueue(request: { deliver: boolean; keepalive: boolean }): Promise<boolean> {
    const run = this.queue.then(() => this.saveNow(request, 0));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveNow(request: { deliver: boolean; keepalive: boolean }, conflicts: number): Promise<boolean> {
    if (!request.deliver && this.dirty.size === 0) {
      if (this.snapshot.status === 'retrying' || this.snapshot.status === 'pending') this.update({ status: 'saved' });
      return true;
    }
    if (this.snapshot.status === 'forbidden') return false;
    if (!this.isOnline()) {
      // Nothing can go now; the `online` event sends it.
      this.update({ online: false, status: 'pending', unsaved: true });
      return false;
    }
    const sent = new Map(this.dirty);
    const answers: Answer[] = [...sent].map(([formQuestionId, draft]) => ({
      formQuestionId,
      value: normalize(draft.value),
      comment: normalize(draft.comment),
    }));
    this.running += 1;
    this.update({ status: 'saving', unsaved: true, error: null });
    try {
      const saved = await this.handlers.save({ version: this.version, answers, deliver: request.deliver, keepalive: request.keepalive });
      this.accept(saved);
      for (const [question, draft] of sent) {
        if (this.dirty.get(question) === draft) this.dirty.delete(question);
      }
      this.retries = 0;
      this.persist();
      this.running -= 1;
      this.update({
        answers: this.view(),
        status: this.dirty.size > 0 ? 'pending' : 'saved',
        savedAt: this.now(),
        unsaved: this.hasUnsaved(),
        version: this.version,
        online: this.isOnline(),
      });
      if (this.dirty.size > 0 && this.started && this.retryTimer === null) this.schedule();
      return true;
    } catch (error) {
      this.running -= 1;
      return this.failed(error, request, conflicts);
    }
  }

  private async failed(error: unknown, request: { deliver: boolean; keepalive: boolean }, conflicts: number): Promise<boolean> {
    const kind = classifySaveError(error);
    if (kind === 'stale' && conflicts < MAX_CONFLICTS_IN_A_ROW) {
      let latest: ServerAnswers;
      try {
        latest = await this.handlers.reload();
      } catch (reloadError) {
        return this.failed(reloadError, request, MAX_CONFLICTS_IN_A_ROW);
      }
      const before = this.server;
      this.accept(latest);
      const changedElsewhere = [...this.server.keys(), ...before.keys()].some(
        (question) => !sameDraft(this.server.get(question), before.get(question)),
      );
      // Changes the reload already has are no longer changes.
      for (const [question, draft] of this.dirty) {
        if (sameDraft(draft, this.server.get(question))) this.dirty.delete(question);
      }
      this.persist();
      this.update({
        answers: this.view(),
        version: this.version,
        merged: this.snapshot.merged || changedElsewhere,
      });
      return this.saveNow(request, conflicts + 1);
    }
    if (kind === 'forbidden') {
      this.clearTimers();
      this.update({ status: 'forbidden', error, unsaved: this.hasUnsaved() });
      return false;
    }
    if (kind === 'refused' || kind === 'stale') {
      this.update({ status: 'failed', error, unsaved: this.hasUnsaved() });
      return false;
    }
    // No answer or a server error: try again later (or when back online).
    const online = this.isOnline();
    this.update({ status: online ? 'retrying' : 'pending', online, error, unsaved: this.hasUnsaved() });
    if (this.started && online) this.scheduleRetry();
    return false;
  }

  private accept(saved: ServerAnswers): void {
    this.version = saved.version;
    this.server = toMap(saved.answers);
  }

  private persist(): void {
    if (!this.storageKey) return;
    try {
      if (this.dirty.size === 0) {
        window.localStorage.removeItem(this.storageKey);
        return;
      }
      const stored: StoredChanges = { version: this.version, changes: [...this.dirty] };
      window.localStorage.setItem(this.storageKey, JSON.stringify(stored));
    } catch {
      // Storage full or unavailable: the changes stay in memory until saved.
    }
  }

  private clearStorage(): void {
    if (!this.storageKey) return;
    try {
      window.localStorage.removeItem(this.storageKey);
    } catch {
      // Nothing to clear.
    }
  }
}
