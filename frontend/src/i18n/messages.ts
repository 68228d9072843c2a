import publicNb from 'virtual:messages/public/nb';
import { DEFAULT_LANGUAGE, type Language } from './language';
import type nb from './nb.json';

/** Every message id the front end knows. Norwegian is the reference catalogue. */
export type MessageId = keyof typeof nb;

/** One language's messages. */
export type Catalogue = Record<MessageId, string>;

/** Some of a language's messages: those of the pages before sign-in, or all. */
export type Messages = Partial<Catalogue>;

// The login page carries only the messages of the pages before sign-in, in
// the default language; the whole catalogue of a language, and the other
// languages, are chunks of their own. Typing each full loader's result as a
// Catalogue makes a missing translation a type error; messages.test.ts also
// catches extra ids.
const fullLoaders: Record<Language, () => Promise<Catalogue>> = {
  nb: () => import('./nb.json').then((module) => module.default),
  nn: () => import('./nn.json').then((module) => module.default),
  en: () => import('./en.json').then((module) => module.default),
};

const publicLoaders: Record<Language, () => Promise<Messages>> = {
  nb: () => Promise.resolve(publicNb),
  nn: () => import('virtual:messages/public/nn').then((module) => module.default),
  en: () => import('virtual:messages/public/en').then((module) => module.default),
};

let wholeCatalogues = false;
const loaded: Partial<Record<Language, Messages>> = { [DEFAULT_LANGUAGE]: publicNb };
const complete = new Set<Language>();
const pending = new Map<string, Promise<Messages>>();

/**
 * Makes every later load fetch whole catalogues. The signed-in app calls it
 * before its first render; the pages before sign-in do not.
 */
export function wantWholeCatalogues(): void {
  wholeCatalogues = true;
}

/**
 * The messages of a language in the form react-intl takes them, if what the
 * app needs of them has loaded (see {@link loadedMessages}).
 */
export function intlMessages(language: Language): Record<string, string> | undefined {
  return loadedMessages(language);
}

/**
 * The messages of a language if what the app needs of them has loaded
 * (the whole catalogue in the signed-in app), else undefined.
 */
export function loadedMessages(language: Language): Messages | undefined {
  if (wholeCatalogues && !complete.has(language)) return undefined;
  return loaded[language];
}

/**
 * Loads a language's messages (once; later calls share the same load).
 * Rejects when the chunk cannot be fetched, e.g. offline; a later call
 * tries again.
 */
export function loadMessages(language: Language): Promise<Messages> {
  const ready = loadedMessages(language);
  if (ready) return Promise.resolve(ready);
  const whole = wholeCatalogues;
  const key = `${language}:${whole ? 'all' : 'public'}`;
  let load = pending.get(key);
  if (!load) {
    load = (whole ? fullLoaders : publicLoaders)[language]().then(
      (messages) => {
        if (whole) complete.add(language);
        if (whole || !complete.has(language)) loaded[language] = messages;
        return messages;
      },
      (err: unknown) => {
        pending.delete(key);
        throw err;
      },
    );
    pending.set(key, load);
  }
  return load;
}

declare global {
  // Makes react-intl check message ids at compile time.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
