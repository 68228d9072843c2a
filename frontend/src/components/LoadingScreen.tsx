import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

/** Full-page loading state: a labelled progress indicator (`role="progressbar"`) in `<main>`. */
export function LoadingScreen() {
  const intl = useIntl();
  return (
    <Box
      component="main"
      aria-busy="true"
      sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );
}
