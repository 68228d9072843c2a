import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from './language';
import { intlMessages, loadedMessages, loadMessages } from './messages';
import { useLanguage } from './useLanguage';

/**
 * The language whose messages can be shown now: the chosen one once its
 * catalogue has loaded, until then the one shown before (a switch of
 * language never shows raw ids or a blank page).
 */
function useShownLanguage(language: Language): Language {
  const [shown, setShown] = useState<Language>(() => (loadedMessages(language) ? language : DEFAULT_LANGUAGE));
  useEffect(() => {
    let current = true;
    loadMessages(language).then(
      () => {
        if (current) setShown(language);
      },
      () => {
        // Offline: stay in the language shown; choosing again retries.
      },
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loadedMessages(shown) ? shown : DEFAULT_LANGUAGE;
}

/**
 * Provides react-intl messages for the current language and keeps
 * `<html lang>` in step, so screen readers pronounce the page correctly.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const shown = useShownLanguage(language);

  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);

  return (
    <IntlProvider locale={shown} defaultLocale={DEFAULT_LANGUAGE} messages={intlMessages(shown)}>
      {children}
    </IntlProvider>
  );
}
