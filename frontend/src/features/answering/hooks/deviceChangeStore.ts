import { deletePending, readPending, writePending } from '@/pwa/deviceStore';
import { readStoredChanges, type ChangeStore } from './autosave';

/** Which set's changes, by whom. */
export interface DeviceSetIds {
  /** answersStorageKey(assignmentId, studentUserId, userId) */
  key: string;
  userId: number;
}

/**
 * The form page's changes in IndexedDB (per user and answer set), so they
 * survive a reload, a closed tab and a restarted phone. Changes an older
 * version of the app left in local storage are taken over once.
 */
export function deviceChangeStore({ key, userId }: DeviceSetIds): ChangeStore {
  return {
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
    write: (set) => writePending({ key, userId, ...set, updatedAt: Date.now() }),
    clear: () => deletePending(key),
  };
}
