import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { normalizeError, type NormalizedError } from '@/api/errors';
import { browserLanguages, getStoredLanguage, resolveLanguage } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { useLanguage } from '@/i18n/useLanguage';
import type { Tenant } from './types';

/** Where the app stands in finding out which school it serves. */
export type TenantStatus = 'loading' | 'ready' | 'notFound' | 'unavailable' | 'connectionError';

/** What the tenant context offers. */
export interface TenantContextValue {
  status: TenantStatus;
  /** The best school information at hand (possibly from before a language switch); null until known. */
  tenant: Tenant | null;
  /** The failure behind `notFound`, `unavailable` and `connectionError`. */
  error: NormalizedError | null;
  /** Asks the server again. */
  retry: () => void;
}

const TenantContext = createContext<TenantContextValue | null>(null);

/** Where a school answer stands: the shape of an RTK Query result, which the light fetch imitates. */
export interface TenantAnswer {
  data?: Tenant | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface TenantValueProviderProps {
  /** The school injected into `index.html`, used until the API answers. */
  initialTenant: Tenant | null;
  /** The API's answer for the current language. */
  answer: TenantAnswer;
  children: ReactNode;
}

/**
 * Shares what is known of the school, whichever way it was fetched. Until the
 * first answer (and while another language loads) it offers the injected or
 * previous school, so the page never blanks. It also applies the school's
 * default language when the user has not chosen one.
 */
export function TenantValueProvider({ initialTenant, answer, children }: TenantValueProviderProps) {
  const { language } = useLanguage();
  const { data, error, isFetching, refetch } = answer;
  const tenant = data ?? initialTenant;

  const defaultLanguage = tenant?.defaultLanguage;
  const offered = tenant?.languages.join(',');
  useEffect(() => {
    if (!defaultLanguage) return;
    const wanted = resolveLanguage({
      stored: getStoredLanguage(),
      defaultLanguage,
      available: offered ? offered.split(',') : null,
      browser: browserLanguages(),
    });
    if (wanted !== language) setCurrentLanguage(wanted);
  }, [defaultLanguage, offered, language]);

  const value = useMemo<TenantContextValue>(() => {
    const normalized = error ? normalizeError(error) : null;
    let status: TenantStatus;
    if (isFetching && !tenant) status = 'loading';
    else if (normalized?.statusCode === 404) status = 'notFound';
    else if (normalized?.statusCode === 503) status = 'unavailable';
    else if (tenant) status = 'ready';
    else if (normalized) status = 'connectionError';
    else status = 'loading';
    return { status, tenant, error: normalized, retry: () => void refetch() };
  }, [error, isFetching, tenant, refetch]);

  return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
}

/** The tenant context. Must be used inside a tenant provider. */
export function useTenantContext(): TenantContextValue {
  const value = useContext(TenantContext);
  if (!value) throw new Error('useTenantContext must be used inside TenantProvider');
  return value;
}

/** The current school. Only for screens shown after `TenantGate` has the school. */
export function useTenant(): Tenant {
  const { tenant } = useTenantContext();
  if (!tenant) throw new Error('useTenant must be used inside TenantGate');
  return tenant;
}
