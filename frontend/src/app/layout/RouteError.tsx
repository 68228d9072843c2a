import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteError } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { PageShell } from '@/components/PageShell';
import { StatusMessage } from '@/components/StatusMessage';
import { useTenant } from '@/features/tenant/TenantProvider';

/** Shown instead of a page that failed to render: the generic error box and a way back to the front page. */
export function RouteError() {
  const intl = useIntl();
  const tenant = useTenant();
  const error = useRouteError();
  console.error(error);
  return (
    <PageShell name={tenant.appName} logoUrl={tenant.theme.logoUrl} languages={tenant.languages}>
      <StatusMessage
        title={intl.formatMessage({ id: 'error.page.title' })}
        actions={
          <Button variant="contained" size="large" href="/">
            <FormattedMessage id="notFound.home" />
          </Button>
        }
      >
        <ErrorBox error={error} />
      </StatusMessage>
    </PageShell>
  );
}
