import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

/** A part of a page that is loading: a labelled progress indicator. */
export function Loading({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label ?? intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );
}
