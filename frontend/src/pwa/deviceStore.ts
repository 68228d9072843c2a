import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { API_CACHE } from './cacheNames';
import { forgetPageSnapshots } from './pageSnapshot';

/** Which form a set of changes belongs to, so they can be sent (and shown) without the form open. */
export interface PendingForm {
  classId: number;
  studentUserId: number;
  formId: number;
  assignmentId: number;
  /** The form page's address. */
  path: string;
  /** The form's name and the student's, as the user saw them. */
  label: string;
}

/** What is kept on the device for one answer set until the server has it. */
export interface PendingChanges {
  /** `answers.{assignmentId}.{studentUserId}.{userId}` (see answersStorageKey). */
  key: string;
  userId: number;
  /** The set's version the changes were made on: a save on top of it is refused if the server moved on. */
  version: number;
  /** Changed answers in the order they were first changed. */
  changes: [number, { value: string | null; comment: string | null }][];
  /** The server's answer to each changed question when the change began (to tell a real conflict). */
  base: [number, { value: string | null; comment: string | null }][];
  /** When the changes were last written (the order in which sets are sent). */
  updatedAt: number;
  /** The form; missing in what older versions of the app kept (sent when that form is opened). */
  form?: PendingForm;
}

interface DeviceSchema extends DBSchema {
  pending: {
    key: string;
    value: PendingChanges;
    indexes: { byUser: number };
  };
}

/** The IndexedDB database holding the signed-in user's pending changes. */
export const DEVICE_DB = 'praksis-device';

let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null;

function db(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(DEVICE_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('pending', { keyPath: 'key' });
      store.createIndex('byUser', 'userId');
    },
    // Another tab deletes the database on sign-out: let it.
    blocking() {
      void opened?.then((d) => d.close());
      opened = null;
    },
  });
  return opened;
}

/** Reads and writes under way; a chain of them (autosave's) can outlive the page that began it. */
let inFlight = 0;

/** Runs op on the open database, counted as under way until it settles. */
async function withDatabase<T>(op: (database: IDBPDatabase<DeviceSchema>) => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await op(await db());
  } finally {
    inFlight--;
  }
}

/** How many reads and writes are under way (tests wait for none before they start afresh). */
export function operationsUnderWay(): number {
  return inFlight;
}

/** Drops the open connection without waiting (tests start each with a fresh database). */
export function forgetConnection(): void {
  void opened?.then((d) => d.close()).catch(() => undefined);
  opened = null;
}

/** The changes kept for one set, or null. */
export async function readPending(key: string): Promise<PendingChanges | null> {
  return (await withDatabase((d) => d.get('pending', key))) ?? null;
}

/** Keeps the changes of one set (replacing what was kept). */
export async function writePending(record: PendingChanges): Promise<void> {
  await withDatabase((d) => d.put('pending', record));
}

/** Forgets the changes of one set (the server has them). */
export async function deletePending(key: string): Promise<void> {
  await withDatabase((d) => d.delete('pending', key));
}

/** A user's pending sets, oldest first. */
export async function listPending(userId: number): Promise<PendingChanges[]> {
  const all = await withDatabase((d) => d.getAllFromIndex('pending', 'byUser', userId));
  return all.sort((a, b) => a.updatedAt - b.updatedAt);
}

/** How many sets of changes wait on the device, whoever made them (0 when there is no database). */
export async function countPending(): Promise<number> {
  try {
    if (typeof indexedDB.databases === 'function') {
      const names = (await indexedDB.databases()).map((d) => d.name);
      // Opening a database that is not there would create it.
      if (!names.includes(DEVICE_DB)) return 0;
    }
    return await withDatabase((d) => d.count('pending'));
  } catch {
    return 0;
  }
}

/** Local-storage key of the last user who used the app on this device. */
const LAST_USER_KEY = 'praksis.device.user';

/**
 * Forgets everything kept on the device for a user: the pending changes
 * and the API answers the service worker kept. Pages of the public shell
 * stay. Used on sign-out, when the session ends and when another user
 * signs in.
 */
export async function clearDevice(): Promise<void> {
  const closing = opened;
  opened = null;
  if (closing) (await closing.catch(() => null))?.close();
  await Promise.all([
    new Promise<void>((resolve) => {
      try {
        const request = indexedDB.deleteDatabase(DEVICE_DB);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      } catch {
        resolve();
      }
    }),
    typeof caches === 'undefined' ? Promise.resolve() : caches.delete(API_CACHE).catch(() => false),
  ]);
  forgetPageSnapshots();
  try {
    window.localStorage.removeItem(LAST_USER_KEY);
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('praksis.answers.')) window.localStorage.removeItem(key);
    }
  } catch {
    // No storage, nothing kept.
  }
}

/**
 * Notes who uses the app now; when it is someone else than last time, the
 * previous user's data is cleared first (a shared device).
 */
export async function claimDevice(userId: number): Promise<void> {
  let last: string | null;
  try {
    last = window.localStorage.getItem(LAST_USER_KEY);
  } catch {
    return;
  }
  if (last !== null && last !== String(userId)) await clearDevice();
  try {
    window.localStorage.setItem(LAST_USER_KEY, String(userId));
  } catch {
    // Without storage nothing is kept to clear.
  }
}
