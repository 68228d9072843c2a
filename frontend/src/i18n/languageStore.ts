import { DEFAULT_LANGUAGE, type Language } from './language';

// The language shown is one value for the whole page, read by the messages,
// the API's Accept-Language header and the school's texts. It lives outside
// Redux so that the pages shown before sign-in, which carry no store, share
// it with the signed-in app.
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

/** The language shown now. */
export function currentLanguage(): Language {
  return current;
}

/** Shows the page in another language. Does not touch storage; see `useLanguage`. */
export function setCurrentLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change of language; returns the unsubscribe. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
