import { Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/LoadingScreen';
import { PageShell } from '@/components/PageShell';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/tenantContext';
import { PageErrorBoundary } from './PageError';

/**
 * The frame of the pages shown before sign-in: the school's top bar, the
 * page, the school's footer. A page that fails shows the error inside it, a
 * page still loading a spinner. No router: the login page is drawn in it
 * before the router has loaded.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <PageShell
      name={tenant.appName}
      logoUrl={tenant.theme.logoUrl}
      languages={tenant.languages}
      footer={<TenantFooter tenant={tenant} />}
    >
      <PageErrorBoundary>
        <Suspense fallback={<LoadingScreen inPage />}>{children}</Suspense>
      </PageErrorBoundary>
    </PageShell>
  );
}
