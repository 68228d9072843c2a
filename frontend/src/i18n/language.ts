/**
 * The languages the front end has message catalogues for, default first, in
 * the order the language switch lists them: Bokmål, Nynorsk, English.
 */
export const LANGUAGES = ['nb', 'nn', 'en'] as const;

/** A supported language code: Norwegian Bokmål, Norwegian Nynorsk or English. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when neither the user nor the school says otherwise. */
export const DEFAULT_LANGUAGE: Language = 'nb';

/** Local-storage key holding the user's chosen language (spec §3). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Reports whether a value is a supported language code. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Returns the language the user chose earlier, or null when there is none.
 *
 * The older app stored Norwegian as `no`; that value is read as `nb`.
 * Storage can be unavailable (private mode, blocked cookies); that counts as
 * no choice rather than an error.
 */
export function getStoredLanguage(): Language | null {
  let value: string | null;
  try {
    value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
  if (value === 'no') return 'nb';
  return isLanguage(value) ? value : null;
}

/** Remembers the user's language choice across visits. Fails silently without storage. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page view only.
  }
}

/** What is known when deciding which language to show. */
export interface LanguageSources {
  /** The user's stored choice, if any. */
  stored: Language | null;
  /** The school's default language, if the school is known. */
  defaultLanguage?: string | null | undefined;
  /** The languages the school offers, if the school is known. */
  available?: readonly string[] | null | undefined;
  /** The browser's preferred languages (`navigator.languages`), if known. */
  browser?: readonly string[] | null | undefined;
}

/**
 * Reports whether a browser's preferred languages ask for Nynorsk before any
 * other language the app speaks: `nn`, `nn-NO` or the older `no-NN`. No
 * browser asks for Nynorsk unless its user set it, so that request is a
 * choice; a browser's English is as often just how it was installed.
 */
export function browserAsksForNynorsk(languages: readonly string[] | null | undefined): boolean {
  for (const tag of languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower === 'nn' || lower.startsWith('nn-') || lower === 'no-nn' || lower.startsWith('no-nn-')) return true;
    if (/^(nb|no|en)(-|$)/.test(lower)) return false;
  }
  return false;
}

/** The browser's preferred languages; none where there is no navigator. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

/**
 * Decides the language to show: the user's choice when the school offers it,
 * else Nynorsk when the browser asks for it first, else the school's default,
 * else Norwegian Bokmål.
 */
export function resolveLanguage({ stored, defaultLanguage, available, browser }: LanguageSources): Language {
  const offered = (language: Language) =>
    !available || available.length === 0 || available.includes(language);
  if (stored && offered(stored)) return stored;
  if (browserAsksForNynorsk(browser) && offered('nn')) return 'nn';
  if (isLanguage(defaultLanguage)) return defaultLanguage;
  return DEFAULT_LANGUAGE;
}
