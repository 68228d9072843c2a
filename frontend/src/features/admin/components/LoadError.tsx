import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';

/** A failed load, with a button that tries again. */
export function LoadError({ error, message, retry }: { error: unknown; message?: string; retry?: () => void }) {
  return (
    <ErrorBox
      error={error}
      message={message}
      actions={
        retry ? (
          <Button variant="outlined" color="inherit" onClick={retry}>
            <FormattedMessage id="common.retry" />
          </Button>
        ) : undefined
      }
    />
  );
}
