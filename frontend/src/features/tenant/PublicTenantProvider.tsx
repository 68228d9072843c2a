import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';
import { normalizeTenant } from './bootstrap';
import { TenantValueProvider, type TenantAnswer } from './tenantContext';
import type { Tenant } from './types';

/** A school, or the failure in the shape RTK Query gives it. */
type TenantResult = { data: Tenant; error?: undefined } | { data?: undefined; error: unknown };

/**
 * `GET /api/tenant?lang=` with a plain fetch. Failures take the shape RTK
 * Query gives them (`{status, data}`, or `{status: 'FETCH_ERROR'}` without an
 * answer), so the shared error handling reads them the same way.
 */
async function fetchTenant(language: Language): Promise<TenantResult> {
  let response: Response;
  try {
    response = await fetch(`/api/tenant?lang=${language}`, { headers: { 'Accept-Language': language } });
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    // An answer that is not JSON keeps its text; the error reader copes.
  }
  if (!response.ok) return { error: { status: response.status, data } };
  const tenant = normalizeTenant(data);
  if (!tenant) return { error: { status: 'CUSTOM_ERROR', error: 'GET /api/tenant answered without a school' } };
  return { data: tenant };
}

/**
 * The school for the pages shown before sign-in, without the Redux store
 * (the login page's weight is a budget, see scripts/bundle-budget.mjs). The
 * school the server put into `index.html` is used as it is when it is in the
 * language shown; the API is asked only for another language, or when
 * nothing was injected (an unknown host answers 404 there).
 */
export function PublicTenantProvider({ initialTenant, children }: { initialTenant: Tenant | null; children: ReactNode }) {
  const { language } = useLanguage();
  const [answers, setAnswers] = useState<Partial<Record<Language, Tenant>>>(() =>
    initialTenant ? { [initialTenant.language]: initialTenant } : {},
  );
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const data = answers[language];
  const isFetching = !data && error === null;

  useEffect(() => {
    if (data) return;
    let current = true;
    void fetchTenant(language).then((result) => {
      if (!current) return;
      if (result.data) {
        const tenant = result.data;
        setError(null);
        setAnswers((known) => ({ ...known, [language]: tenant }));
      } else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [language, data, attempt]);

  const refetch = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  // Until the answer for a newly chosen language comes, the latest known school is shown.
  const shown = data ?? answers[initialTenant?.language ?? language] ?? Object.values(answers)[0];
  const answer: TenantAnswer = { data: shown, error: data ? null : error, isFetching, refetch };
  return (
    <TenantValueProvider initialTenant={initialTenant} answer={answer}>
      {children}
    </TenantValueProvider>
  );
}
