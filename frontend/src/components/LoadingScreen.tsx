import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

/**
 * Loading state: a labelled progress indicator (`role="progressbar"`). On its
 * own it is the page's `<main>`; `inPage` shows it inside a layout that
 * already has one, keeping some height so the footer does not jump.
 */
export function LoadingScreen({ inPage = false }: { inPage?: boolean }) {
  const intl = useIntl();
  return (
    <Box
      component={inPage ? 'div' : 'main'}
      aria-busy="true"
      sx={{
        minHeight: inPage ? '50vh' : '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );
}
