import { useCallback, useSyncExternalStore } from 'react';
import { storeLanguage, type Language } from './language';
import { currentLanguage, setCurrentLanguage, subscribeLanguage } from './languageStore';

/**
 * The language currently shown and a function for the user to choose another.
 * A choice is remembered in local storage; everything that depends on the
 * language (messages, `<html lang>`, API texts) follows the language store.
 */
export function useLanguage(): { language: Language; chooseLanguage: (language: Language) => void } {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage);
  const chooseLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setCurrentLanguage(next);
  }, []);
  return { language, chooseLanguage };
}
