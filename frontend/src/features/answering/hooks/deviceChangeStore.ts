import { requestBackgroundSync } from '@/pwa/backgroundSync';
import { deletePending, readPending, writePending, type PendingForm } from '@/pwa/deviceStore';
import { readStoredChanges, type ChangeStore } from './autosave';

/** Which set's changes, by whom. */
export interface DeviceSetIds {
  /** answersStorageKey(assignmentId, studentUserId, userId) */
  key: string;
  userId: number;
  /** The form the set belongs to, kept with it so the app can send it without the form open. */
  form?: PendingForm;
}

/** The device store of one set; `describe` names the form its changes are kept with. */
export interface DeviceChangeStore extends ChangeStore {
  describe: (form: PendingForm) => void;
}

/**
 * The form page's changes in IndexedDB (per user and answer set), so they
 * survive a reload, a closed tab and a restarted phone. Changes an older
 * version of the app left in local storage are taken over once. A change
 * kept while offline asks for Background Sync, so it goes when the
 * connection returns even if the form is no longer open.
 */
export function deviceChangeStore({ key, userId, form: known }: DeviceSetIds): DeviceChangeStore {
  let form = known;
  return {
    describe: (described) => {
      form = described;
    },
    read: async () => {
      const kept = await readPending(key);
      if (kept) return { version: kept.version, changes: kept.changes, base: kept.base };
      const legacy = readStoredChanges(key);
      if (legacy.size === 0) return null;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Read once more next time; the changes are the same.
      }
      return { version: -1, changes: [...legacy], base: [] };
    },
    write: async (set) => {
      await writePending({ key, userId, ...set, updatedAt: Date.now(), form });
      if (typeof navigator !== 'undefined' && !navigator.onLine) void requestBackgroundSync();
    },
    clear: () => deletePending(key),
  };
}
