import { readInjectedTenant } from '@/features/tenant/bootstrap';
import type { Tenant } from '@/features/tenant/types';
import { browserLanguages, getStoredLanguage, resolveLanguage, type Language } from '@/i18n/language';
import { setupStore, type AppStore } from './store';

/** What the first render needs, decided synchronously before it. */
export interface Bootstrap {
  store: AppStore;
  initialTenant: Tenant | null;
  language: Language;
}

/**
 * Reads the injected school and the stored language, sets `<html lang>` and
 * the tab title, and creates the store. Runs before React renders, so the
 * first paint already has the school's name, colours and the right language.
 */
export function bootstrap(): Bootstrap {
  const initialTenant = readInjectedTenant();
  const language = resolveLanguage({
    stored: getStoredLanguage(),
    defaultLanguage: initialTenant?.defaultLanguage,
    available: initialTenant?.languages,
    browser: browserLanguages(),
  });
  document.documentElement.lang = language;
  if (initialTenant) document.title = initialTenant.appName;
  const store = setupStore({ language: { current: language } });
  return { store, initialTenant, language };
}
