/**
 * What the app knows of the changes waiting on the device, outside the
 * form page: which sets a form page has open (the page sends those itself)
 * and which the app-wide sender could not send, to be shown in a notice
 * until the user opens the form. Framework-free and tiny: the signed-in
 * layout reads it.
 */

/** A set of changes that stays on the device, and why. */
export interface UnsentSet {
  /** The set's key in the device store. */
  key: string;
  /** The form page, where the user sees and settles it. */
  path: string;
  /** The form's name and the student's. */
  label: string;
  /** conflict: the same answer was changed elsewhere; refused: the server said no (e.g. a locked form). */
  kind: 'conflict' | 'refused';
  /** The server's words, for a refusal. */
  reason: string | null;
}

const held = new Map<string, number>();
let unsent: readonly UnsentSet[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly UnsentSet[]): void {
  unsent = next;
  for (const listener of listeners) listener();
}

/**
 * Marks a set as open in a form page, which sends it and shows its state;
 * the app-wide sender leaves it alone and its notice goes. Returns the
 * release.
 */
export function holdSet(key: string): () => void {
  held.set(key, (held.get(key) ?? 0) + 1);
  if (unsent.some((u) => u.key === key)) changed(unsent.filter((u) => u.key !== key));
  return () => {
    const count = (held.get(key) ?? 1) - 1;
    if (count > 0) held.set(key, count);
    else held.delete(key);
  };
}

/** Whether a form page has the set open. */
export function isHeld(key: string): boolean {
  return held.has(key);
}

/** Notes that a set could not be sent (or, with null, that it went or is gone). */
export function noteUnsent(key: string, set: UnsentSet | null): void {
  const rest = unsent.filter((u) => u.key !== key);
  if (set === null && rest.length === unsent.length) return;
  changed(set && !held.has(key) ? [...rest, set] : rest);
}

/** Forgets every note (the device was cleared). */
export function forgetUnsent(): void {
  if (unsent.length > 0) changed([]);
}

export function subscribeUnsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUnsent(): readonly UnsentSet[] {
  return unsent;
}
