import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { storeLanguage, type Language } from './language';
import { languageChanged, selectLanguage } from './languageSlice';

/**
 * The language currently shown and a function for the user to choose another.
 * A choice is remembered in local storage; everything that depends on the
 * language (messages, `<html lang>`, API texts) follows the store.
 */
export function useLanguage(): { language: Language; chooseLanguage: (language: Language) => void } {
  const language = useSelector(selectLanguage);
  const dispatch = useDispatch();
  const chooseLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      dispatch(languageChanged(next));
    },
    [dispatch],
  );
  return { language, chooseLanguage };
}
