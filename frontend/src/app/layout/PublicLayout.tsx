import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/TenantProvider';
import { takeDiscarded } from '@/pwa/discarded';

/**
 * Layout of the pages shown before sign-in: the school's top bar, the page,
 * the school's footer; and, once after a session ended with changes not yet
 * sent, that they were discarded from the device.
 */
export function PublicLayout() {
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
      <Outlet />
    </PageShell>
  );
}
