import { readInjectedTenant } from '@/features/tenant/bootstrap';
import type { Tenant } from '@/features/tenant/types';
import { browserLanguages, getStoredLanguage, resolveLanguage, type Language } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';

/** What the first render needs, decided synchronously before it. */
export interface Bootstrap {
  initialTenant: Tenant | null;
  language: Language;
}

/**
 * Reads the injected school and the stored language, sets `<html lang>`, the
 * language store and the tab title. Runs before React renders, so the first
 * paint already has the school's name, colours and the right language.
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
  setCurrentLanguage(language);
  if (initialTenant) document.title = initialTenant.appName;
  return { initialTenant, language };
}
