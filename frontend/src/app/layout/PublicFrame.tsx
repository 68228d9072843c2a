import Alert from '@mui/material/Alert';
import { Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LoadingScreen } from '@/components/LoadingScreen';
import { PageShell } from '@/components/PageShell';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/tenantContext';
import { takeDiscarded } from '@/pwa/discarded';
import { PageErrorBoundary } from './PageError';

/**
 * The frame of the pages shown before sign-in: the school's top bar, the
 * page, the school's footer. A page that fails shows the error inside it, a
 * page still loading a spinner. Once after a session ended with changes not
 * yet sent, it says that they were discarded from the device. No router:
 * the login page is drawn in it before the router has loaded.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const [discarded] = useState(takeDiscarded);
  return (
    <PageShell
      name={tenant.appName}
      logoUrl={tenant.theme.logoUrl}
      languages={tenant.languages}
      footer={<TenantFooter tenant={tenant} />}
    >
      {discarded ? (
        <Alert severity="warning" sx={{ mb: 2, mx: 'auto', maxWidth: 600 }} data-testid="discarded-notice">
          <FormattedMessage id="session.discarded" />
        </Alert>
      ) : null}
      <PageErrorBoundary>
        <Suspense fallback={<LoadingScreen inPage />}>{children}</Suspense>
      </PageErrorBoundary>
    </PageShell>
  );
}
