import { Outlet } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/TenantProvider';

/** Layout of the pages shown before sign-in: the school's top bar, the page, the school's footer. */
export function PublicLayout() {
  const tenant = useTenant();
  return (
    <PageShell
      name={tenant.appName}
      logoUrl={tenant.theme.logoUrl}
      languages={tenant.languages}
      footer={<TenantFooter tenant={tenant} />}
    >
      <Outlet />
    </PageShell>
  );
}
