import type { ReactNode } from 'react';
import { useLanguage } from '@/i18n/useLanguage';
import { TenantValueProvider } from './tenantContext';
import { useGetTenantQuery } from './tenantApi';
import type { Tenant } from './types';

export { useTenant, useTenantContext, type TenantContextValue, type TenantStatus } from './tenantContext';

interface TenantProviderProps {
  /** The school injected into `index.html`, used until the API answers. */
  initialTenant: Tenant | null;
  children: ReactNode;
}

/**
 * The signed-in app's school: `GET /api/tenant?lang=` for the current
 * language through RTK Query, so that an admin's change of the school's texts
 * (which invalidates the `Tenant` tag) shows at once.
 */
export function TenantProvider({ initialTenant, children }: TenantProviderProps) {
  const { language } = useLanguage();
  const answer = useGetTenantQuery(language);
  return (
    <TenantValueProvider initialTenant={initialTenant} answer={answer}>
      {children}
    </TenantValueProvider>
  );
}
