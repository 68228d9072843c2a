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

/** What a save answers: the set's new version and each question sent as now stored. */
export interface SavedAnswers {
  version: number;
  saved: readonly Answer[];
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

/** An answer changed both here and elsewhere since this device last read it: the user chooses. */
export interface AnswerConflict {
  questionId: number;
  /** What the user wrote on this device. */
  mine: AnswerDraft;
  /** What the server holds now. */
  theirs: AnswerDraft;
}

/** The changes of one set as kept on the device, with what they were made on. */
export interface StoredSet {
  /** The set's version the changes build on. */
  version: number;
  changes: [number, AnswerDraft][];
  /** The server's answer to each changed question when the change began. */
  base: [number, AnswerDraft][];
}

/** Where changes wait on the device (IndexedDB) until the server has them. */
export interface ChangeStore {
  read: () => Promise<StoredSet | null>;
  write: (set: StoredSet) => Promise<void>;
  clear: () => Promise<void>;
}

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
  /** The unsaved changes are kept on the device (they survive a reload). */
  onDevice: boolean;
  /** Answers changed here and elsewhere, waiting for the user's choice. */
  conflicts: readonly AnswerConflict[];
}

/** What the controller needs from the page. */
export interface AutosaveHandlers {
  /** Saves; resolves with the new version and the questions sent as stored, rejects with the call's error. */
  save: (request: SaveRequest) => Promise<SavedAnswers>;
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
  /** Keeps the changes on the device (IndexedDB) instead of local storage. */
  store?: ChangeStore | null;
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

type Failure = 'retry' | 'stale' | 'locked' | 'forbidden' | 'refused';

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
  const { statusCode, details } = normalizeError(error);
  if (statusCode === 409) return details.some((d) => /locked/i.test(d.reason)) ? 'locked' : 'stale';
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
  /** The server's answer to each changed question when the change began. */
  private readonly base = new Map<number, AnswerDraft>();
  /** Changes that met another change of the same answer: kept until the user chooses. */
  private readonly conflicts = new Map<number, AnswerConflict>();
  private readonly store: ChangeStore | null;
  private storeChain: Promise<unknown> = Promise.resolve();
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
    this.store = options.store ?? null;
    this.storageKey = this.store ? null : options.storageKey;
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
      onDevice: this.dirty.size > 0,
      conflicts: [],
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
    if (this.store) void this.restore();
    else if (this.dirty.size > 0) void this.flush();
  }

  /**
   * Puts the changes kept on the device by an earlier visit on top of the
   * server's answers: a change whose answer the server has since changed to
   * something else is a conflict for the user; one the server already has
   * is dropped; the others are saved.
   */
  private async restore(): Promise<void> {
    const stored = this.store ? await this.store.read().catch(() => null) : null;
    if (!stored || !this.started) return;
    const base = new Map(stored.base);
    let found = false;
    for (const [question, draft] of stored.changes) {
      if (this.dirty.has(question)) continue; // changed again in this visit
      const theirs = this.server.get(question) ?? EMPTY;
      if (sameDraft(draft, theirs)) continue;
      const was = base.get(question) ?? (stored.version === this.version ? theirs : EMPTY);
      found = true;
      this.base.set(question, was);
      // A negative version is unknown (changes an older app kept): put on top, as it did.
      // Otherwise the answer is in conflict whenever the server's differs from
      // what the change was made on, also when the kept version is the
      // server's: a conflict met by an earlier visit (or the app-wide sender)
      // was kept on top of the version it reloaded, and stays a conflict.
      if (stored.version >= 0 && !sameDraft(theirs, was)) {
        this.conflicts.set(question, { questionId: question, mine: draft, theirs });
      } else {
        this.dirty.set(question, draft);
      }
    }
    if (!found) {
      if (this.dirty.size === 0) this.persist();
      return;
    }
    this.persist();
    this.update({
      answers: this.view(),
      restored: true,
      unsaved: this.hasUnsaved(),
      status: this.dirty.size > 0 ? 'pending' : this.snapshot.status,
      conflicts: [...this.conflicts.values()],
      onDevice: true,
    });
    if (this.dirty.size > 0) void this.flush();
  }

  /**
   * Sends, once and without the form page, what an earlier visit kept on
   * the device (the app-wide sender): the same restore, order, version and
   * conflict handling as the page. What cannot go (a conflict, a locked
   * form, no connection) stays on the device for the page to show; the
   * snapshot returned says how it went. Starts no listeners and leaves no
   * timers.
   */
  async sendKept(): Promise<AutosaveSnapshot> {
    if (this.started) return this.snapshot;
    this.started = true;
    try {
      await this.restore();
      // The save restore started, with any reload and second try it took.
      await this.queue;
    } finally {
      this.started = false;
      this.clearTimers();
    }
    await this.storeChain;
    return this.snapshot;
  }

  /**
   * The user's choice for an answer in conflict: keep what they wrote here
   * (saved over the server's) or take the server's (their change is dropped).
   */
  resolveConflict(questionId: number, keep: 'mine' | 'theirs'): void {
    const conflict = this.conflicts.get(questionId);
    if (!conflict) return;
    this.conflicts.delete(questionId);
    if (keep === 'mine') {
      this.dirty.set(questionId, conflict.mine);
      this.base.set(questionId, this.server.get(questionId) ?? EMPTY);
    } else {
      this.base.delete(questionId);
    }
    this.persist();
    this.update({
      answers: this.view(),
      conflicts: [...this.conflicts.values()],
      unsaved: this.hasUnsaved(),
      status: this.dirty.size > 0 ? 'pending' : this.snapshot.status,
    });
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
    return this.dirty.size > 0 || this.conflicts.size > 0 || this.running > 0;
  }

  /** Changes one question's value or comment; saved 3 s after the last change. */
  change(questionId: number, patch: Partial<AnswerDraft>): void {
    const current = this.dirty.get(questionId) ?? this.server.get(questionId) ?? EMPTY;
    if (!this.dirty.has(questionId) && !this.base.has(questionId)) this.base.set(questionId, this.server.get(questionId) ?? EMPTY);
    // Writing over an answer in conflict is the user's choice of their own.
    this.conflicts.delete(questionId);
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
    for (const [question, conflict] of this.conflicts) out[question] = conflict.mine;
    for (const [question, draft] of this.dirty) out[question] = draft;
    return out;
  }

  private update(patch: Partial<AutosaveSnapshot>): void {
    // A patch that changes nothing (the device confirming each keystroke's
    // write) keeps the snapshot, so the page does not draw again for it.
    const current = this.snapshot as unknown as Record<string, unknown>;
    if (Object.entries(patch).every(([key, value]) => Object.is(current[key], value))) return;
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
      this.acceptSaved(saved);
      for (const [question, draft] of sent) {
        if (this.dirty.get(question) === draft) {
          this.dirty.delete(question);
          this.base.delete(question);
        } else if (this.dirty.has(question)) {
          // Changed again while saving: it now builds on what was just saved.
          this.base.set(question, this.server.get(question) ?? EMPTY);
        }
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
      for (const [question, draft] of this.dirty) {
        const theirs = this.server.get(question) ?? EMPTY;
        const was = this.base.get(question) ?? before.get(question) ?? EMPTY;
        if (sameDraft(draft, theirs)) {
          // The reload already has it: no longer a change.
          this.dirty.delete(question);
          this.base.delete(question);
        } else if (!sameDraft(theirs, was)) {
          // Changed here and elsewhere: never overwritten unasked.
          this.dirty.delete(question);
          this.conflicts.set(question, { questionId: question, mine: draft, theirs });
        }
      }
      this.persist();
      this.update({
        answers: this.view(),
        version: this.version,
        merged: this.snapshot.merged || changedElsewhere,
        conflicts: [...this.conflicts.values()],
        unsaved: this.hasUnsaved(),
      });
      if (this.dirty.size === 0 && !request.deliver) {
        // The server already has every change that was not in conflict.
        this.update(this.conflicts.size > 0 ? { status: 'pending' } : { status: 'saved', savedAt: this.now() });
        return this.conflicts.size === 0;
      }
      return this.saveNow(request, conflicts + 1);
    }
    if (kind === 'forbidden') {
      this.clearTimers();
      this.update({ status: 'forbidden', error, unsaved: this.hasUnsaved() });
      return false;
    }
    if (kind === 'locked') {
      // The changes stay (on the device too): the page says why they cannot go.
      this.clearTimers();
      this.update({ status: 'failed', error, unsaved: this.hasUnsaved() });
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

  /**
   * After a save: the set is as the server had it, since the version sent
   * was the stored one, with each question sent as it is now stored (none
   * left when it has neither value nor comment).
   */
  private acceptSaved(saved: SavedAnswers): void {
    this.version = saved.version;
    const server = new Map(this.server);
    for (const a of saved.saved) {
      if (a.value === null && a.comment === null) server.delete(a.formQuestionId);
      else server.set(a.formQuestionId, { value: a.value, comment: a.comment });
    }
    this.server = server;
  }

  private persist(): void {
    if (this.store) {
      const store = this.store;
      const changes: [number, AnswerDraft][] = [
        ...[...this.conflicts.values()].map((c): [number, AnswerDraft] => [c.questionId, c.mine]),
        ...this.dirty,
      ];
      const set: StoredSet = {
        version: this.version,
        changes,
        base: changes.map(([question]): [number, AnswerDraft] => [question, this.base.get(question) ?? EMPTY]),
      };
      // Writes go in order; the page learns when the device has the changes.
      this.storeChain = this.storeChain
        .then(() => (changes.length > 0 ? store.write(set) : store.clear()))
        .then(
          () => this.update({ onDevice: changes.length > 0 }),
          () => this.update({ onDevice: false }),
        );
      return;
    }
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
