import { useRouteError } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { useTenant } from '@/features/tenant/tenantContext';
import { useReleasePageSnapshot } from '@/pwa/usePageSnapshot';
import { PageError } from './PageError';

/** Shown instead of a signed-in page that failed to render: the school's bar around {@link PageError}. */
export function RouteError() {
  const tenant = useTenant();
  const error = useRouteError();
  console.error(error);
  useReleasePageSnapshot();
  return (
    <PageShell name={tenant.appName} logoUrl={tenant.theme.logoUrl} languages={tenant.languages}>
      <PageError error={error} />
    </PageShell>
  );
}
