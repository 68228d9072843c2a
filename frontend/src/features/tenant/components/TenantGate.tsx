import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UNPARSABLE_ERROR } from '@/api/errors';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageShell } from '@/components/PageShell';
import { StatusMessage } from '@/components/StatusMessage';
import { useTenantContext } from '../tenantContext';

/**
 * Renders its children once the school is known; until then a loading state,
 * and instead of them a friendly page when the host is no school's (404), the
 * school is disabled or being upgraded (503), or the server cannot be reached.
 */
export function TenantGate({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { status, tenant, error, retry } = useTenantContext();
  const productName = intl.formatMessage({ id: 'app.productName' });

  switch (status) {
    case 'ready':
      return children;
    case 'loading':
      return <LoadingScreen />;
    case 'notFound':
      return (
        <PageShell name={productName}>
          <NotFoundPage kind="school" />
        </PageShell>
      );
    case 'unavailable': {
      // The server explains why (disabled, upgrade running) in the user's language.
      const reason = error && error.description !== UNPARSABLE_ERROR ? error.description : null;
      return (
        <PageShell name={tenant?.appName ?? productName} languages={tenant?.languages}>
          <StatusMessage
            title={intl.formatMessage({ id: 'unavailable.title' })}
            actions={<RetryButton onClick={retry} />}
          >
            {reason ? <Typography>{reason}</Typography> : null}
            <Typography>
              <FormattedMessage id="unavailable.body" />
            </Typography>
          </StatusMessage>
        </PageShell>
      );
    }
    case 'connectionError':
      return (
        <PageShell name={productName}>
          <StatusMessage
            title={intl.formatMessage({ id: 'connectionError.title' })}
            actions={<RetryButton onClick={retry} />}
          >
            <Typography>
              <FormattedMessage id="connectionError.body" />
            </Typography>
          </StatusMessage>
        </PageShell>
      );
  }
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" size="large" onClick={onClick}>
      <FormattedMessage id="common.retry" />
    </Button>
  );
}
