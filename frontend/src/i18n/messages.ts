import nb from './nb.json';
import type { Language } from './language';

/** Every message id the front end knows. Norwegian is the reference catalogue. */
export type MessageId = keyof typeof nb;

/** One language's messages. */
export type Catalogue = Record<MessageId, string>;

// The default language ships with the app; the others are chunks of their
// own, loaded when someone chooses them, so the login page does not carry
// every language. Typing each loader's result as a Catalogue makes a missing
// translation a type error; messages.test.ts also catches extra ids.
const loaders: Record<Exclude<Language, 'nb'>, () => Promise<Catalogue>> = {
  nn: () => import('./nn.json').then((module) => module.default),
  en: () => import('./en.json').then((module) => module.default),
};

const loaded: Partial<Record<Language, Catalogue>> = { nb };
const pending = new Map<Language, Promise<Catalogue>>();

/** The messages of a language if they are loaded, else undefined. */
export function loadedMessages(language: Language): Catalogue | undefined {
  return loaded[language];
}

/**
 * Loads a language's messages (once; later calls share the same load).
 * Rejects when the chunk cannot be fetched, e.g. offline; a later call
 * tries again.
 */
export function loadMessages(language: Language): Promise<Catalogue> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  if (language === 'nb') return Promise.resolve(nb);
  let load = pending.get(language);
  if (!load) {
    load = loaders[language]().then(
      (catalogue) => {
        loaded[language] = catalogue;
        return catalogue;
      },
      (err: unknown) => {
        pending.delete(language);
        throw err;
      },
    );
    pending.set(language, load);
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
