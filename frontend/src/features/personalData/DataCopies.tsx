import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import {
  personalDataApi,
  useDownloadDataCopyMutation,
  useGetDataCopiesQuery,
  useRequestDataCopyMutation,
  type CopyOwner,
} from './personalDataApi';
import type { CopyFormat, DataCopy } from './types';

/** How often the list is asked again while a copy is being made. */
const POLL_MS = 2000;

/**
 * Asking for a copy of a person's data and downloading it: the button, then
 * each copy with its state ("being made", ready with its two files and until
 * when, or failed). The list is polled only while a copy is being made.
 */
export function DataCopies({ owner }: { owner: CopyOwner }) {
  const intl = useIntl();
  const toast = useToast();
  // The cached list decides the polling of the subscription below.
  const cached = personalDataApi.endpoints.getDataCopies.useQueryState(owner);
  const pending = cached.data?.some((c) => c.status === 'pending') ?? false;
  const { data, error, isLoading } = useGetDataCopiesQuery(owner, { pollingInterval: pending ? POLL_MS : 0 });
  const [request, requesting] = useRequestDataCopyMutation();
  const [download, downloading] = useDownloadDataCopyMutation();

  const save = (copy: DataCopy, format: CopyFormat) => {
    download({ copy, format }).unwrap().catch(toast.error);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        size="large"
        loading={requesting.isLoading}
        disabled={pending}
        onClick={() => {
          request(owner).unwrap().catch(toast.error);
        }}
      >
        <FormattedMessage id="personalData.copy.request" />
      </Button>
      {isLoading ? <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} /> : null}
      {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'personalData.copy.loadFailed' })} /> : null}
      {data?.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="personalData.copy.none" />
        </Typography>
      ) : null}
      {data && data.length > 0 ? (
        <List aria-label={intl.formatMessage({ id: 'personalData.copy.listLabel' })} sx={{ width: '100%', p: 0 }}>
          {data.map((copy) => (
            <ListItem key={copy.id} disableGutters sx={{ display: 'block', py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>
                <FormattedMessage
                  id="personalData.copy.asked"
                  values={{ date: <FormattedDate value={copy.createdAt} dateStyle="long" timeStyle="short" /> }}
                />
              </Typography>
              {copy.status === 'pending' ? (
                <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <CircularProgress size={16} aria-hidden />
                  <FormattedMessage id="personalData.copy.pending" />
                </Typography>
              ) : null}
              {copy.status === 'failed' ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  <FormattedMessage id="personalData.copy.failed" />
                </Alert>
              ) : null}
              {copy.status === 'ready' ? (
                <>
                  <Typography role="status" sx={{ mt: 0.5, color: 'text.secondary' }}>
                    <FormattedMessage
                      id="personalData.copy.readyUntil"
                      values={{ date: <FormattedDate value={copy.expiresAt} dateStyle="long" timeStyle="short" /> }}
                    />
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                    <Button variant="outlined" onClick={() => save(copy, 'pdf')} disabled={downloading.isLoading}>
                      <FormattedMessage id="personalData.copy.downloadPdf" />
                    </Button>
                    <Button variant="outlined" onClick={() => save(copy, 'json')} disabled={downloading.isLoading}>
                      <FormattedMessage id="personalData.copy.downloadJson" />
                    </Button>
                  </Stack>
                </>
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
