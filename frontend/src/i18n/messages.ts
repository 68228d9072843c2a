import en from './en.json';
import nb from './nb.json';
import type { Language } from './language';

/** Every message id the front end knows. Norwegian is the reference catalogue. */
export type MessageId = keyof typeof nb;

// Typing the English catalogue against the Norwegian ids makes a missing
// translation a type error; messages.test.ts also catches extra ids.
const english: Record<MessageId, string> = en;

/** Message catalogues per language. */
export const messages: Record<Language, Record<MessageId, string>> = { nb, en: english };

declare global {
  // Makes react-intl check message ids at compile time.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
