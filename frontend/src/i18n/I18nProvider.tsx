import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE } from './language';
import { messages } from './messages';
import { useLanguage } from './useLanguage';

/**
 * Provides react-intl messages for the current language and keeps
 * `<html lang>` in step, so screen readers pronounce the page correctly.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={messages[language]}>
      {children}
    </IntlProvider>
  );
}
