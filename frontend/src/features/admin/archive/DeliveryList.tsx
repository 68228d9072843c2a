import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useFormatters } from '@/features/placement/format';
import type { MessageId } from '@/i18n/messages';
import { useRetryDeliveryMutation } from '../api/archiveApi';
import { adminPaths } from '../paths';
import type { ArchivedResult, DeliveryStatus } from './types';

const STATUS_LABEL: Record<DeliveryStatus | 'none', MessageId> = {
  none: 'admin.archive.status.none',
  pending: 'admin.archive.status.pending',
  sent: 'admin.archive.status.sent',
  delivered: 'admin.archive.status.delivered',
  failed: 'admin.archive.status.failed',
};

const STATUS_COLOUR: Record<DeliveryStatus | 'none', 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  none: 'default',
  pending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
};

/** Whether an admin may send the result (again): it failed, or never started while the archive is set up. */
export function canRetry(result: ArchivedResult, enabled: boolean): boolean {
  return enabled && (result.delivery === null || result.delivery.status === 'failed');
}

interface DeliveryListProps {
  results: ArchivedResult[];
  /** Whether the school's archive delivery is set up; retrying needs it. */
  enabled: boolean;
  /** Link each student's name to their page (the list of all undelivered results). */
  linkStudents?: boolean;
}

/**
 * Archived results with where each stands on its way to the school's
 * archive, the reason of a failure, and a button to send a failed one again
 * (after a confirmation).
 */
export function DeliveryList({ results, enabled, linkStudents = false }: DeliveryListProps) {
  const intl = useIntl();
  const toast = useToast();
  const { moment } = useFormatters();
  const [asked, setAsked] = useState<ArchivedResult | null>(null);
  const [retry, { isLoading, error, reset }] = useRetryDeliveryMutation();

  const close = () => {
    setAsked(null);
    reset();
  };
  const confirm = () => {
    if (!asked) return;
    retry(asked.signingFormId)
      .unwrap()
      .then(
        () => {
          setAsked(null);
          toast.show('admin.archive.retryStarted', 'success');
        },
        () => undefined,
      );
  };

  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {results.map((result) => {
          const status = result.delivery?.status ?? 'none';
          const placement = `${result.subjectCode} ${result.subjectName}, ${result.periodName}`;
          return (
            <Box
              component="li"
              key={result.signingFormId}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1 }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography component="h3" variant="h3" sx={{ fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
                  {linkStudents ? (
                    <Link component={RouterLink} to={adminPaths.user(result.studentUserId)}>
                      {result.studentName}
                    </Link>
                  ) : (
                    placement
                  )}
                </Typography>
                <Chip size="small" color={STATUS_COLOUR[status]} label={intl.formatMessage({ id: STATUS_LABEL[status] })} />
              </Box>
              {linkStudents ? <Typography>{placement}</Typography> : null}
              <Typography sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="admin.archive.archivedAt" values={{ at: moment(result.archivedAt) }} />
                {result.delivery?.deliveredAt ? (
                  <>
                    {' · '}
                    <FormattedMessage id="admin.archive.deliveredAt" values={{ at: moment(result.delivery.deliveredAt) }} />
                  </>
                ) : null}
                {result.delivery?.lastStatus && status !== 'delivered' ? (
                  <>
                    {' · '}
                    <FormattedMessage id="admin.archive.lastStatus" values={{ status: result.delivery.lastStatus }} />
                  </>
                ) : null}
              </Typography>
              {result.delivery?.reason ? (
                <Typography sx={{ color: status === 'failed' ? 'error.main' : 'text.secondary', overflowWrap: 'anywhere' }}>
                  <FormattedMessage
                    id={status === 'failed' ? 'admin.archive.failedBecause' : 'admin.archive.retryingBecause'}
                    values={{ reason: result.delivery.reason, attempts: result.delivery.attempts }}
                  />
                </Typography>
              ) : null}
              {canRetry(result, enabled) ? (
                <Box>
                  <Button variant="outlined" onClick={() => setAsked(result)}>
                    <FormattedMessage id={result.delivery ? 'admin.archive.retry' : 'admin.archive.send'} />
                  </Button>
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Box>
      <ConfirmDialog
        open={asked !== null}
        title={intl.formatMessage({ id: 'admin.archive.retryTitle' })}
        confirmLabel={intl.formatMessage({ id: asked?.delivery ? 'admin.archive.retry' : 'admin.archive.send' })}
        busy={isLoading}
        onConfirm={confirm}
        onClose={close}
      >
        <Typography>
          <FormattedMessage
            id="admin.archive.retryText"
            values={{ student: asked?.studentName ?? '', placement: asked ? `${asked.subjectCode} ${asked.periodName}` : '' }}
          />
        </Typography>
        {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.archive.retryFailed' })} /> : null}
      </ConfirmDialog>
    </>
  );
}
