import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useAcceptPrivacyPolicyMutation } from '@/features/auth/authApi';
import { useSession } from '@/features/auth/SessionProvider';
import { useTenant } from '@/features/tenant/tenantContext';
import { forgetAcceptance, hasAcceptedLocally, rememberAcceptance } from '../acceptance';

const MarkdownContent = lazy(() =>
  import('@/components/MarkdownContent').then((module) => ({ default: module.MarkdownContent })),
);

/**
 * The privacy policy a signed-in user must accept before using the service
 * (spec §4). A blocking dialog: Escape and clicks outside do nothing.
 * Accepting records the consent on the server (with a timestamp) and in this
 * browser; cancelling forgets it here and signs out. Not shown when the
 * server already has the user's acceptance.
 */
export function PrivacyPolicyModal() {
  const intl = useIntl();
  const tenant = useTenant();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { user, signOut, signingOut } = useSession();
  const [accept, { isLoading, error }] = useAcceptPrivacyPolicyMutation();
  const [recordEarlierAcceptance] = useAcceptPrivacyPolicyMutation();
  const titleId = useId();
  const textId = useId();
  const serverAccepted = user.privacyPolicyAcceptedAt !== null;
  const [localAccepted, setLocalAccepted] = useState(() => hasAcceptedLocally(user.id));
  const retried = useRef(false);

  useEffect(() => {
    if (serverAccepted) {
      // Keep this browser's flag in step with the server's record.
      if (!hasAcceptedLocally(user.id) && user.privacyPolicyAcceptedAt) {
        rememberAcceptance(user.id, user.privacyPolicyAcceptedAt);
      }
      return;
    }
    if (!localAccepted || retried.current) return;
    // Accepted in this browser but not recorded on the server (the call was
    // lost): record it now rather than ask again; ask if that fails.
    retried.current = true;
    recordEarlierAcceptance()
      .unwrap()
      .catch(() => {
        forgetAcceptance(user.id);
        setLocalAccepted(false);
      });
  }, [serverAccepted, localAccepted, recordEarlierAcceptance, user.id, user.privacyPolicyAcceptedAt]);

  if (serverAccepted || localAccepted) return null;

  const onAccept = async () => {
    try {
      const { privacyPolicyAcceptedAt } = await accept().unwrap();
      rememberAcceptance(user.id, privacyPolicyAcceptedAt);
    } catch {
      // Shown in the dialog.
    }
  };

  const onCancel = () => {
    forgetAcceptance(user.id);
    void signOut();
  };

  return (
    <Dialog
      open
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Only the buttons close it: Escape and clicks outside do nothing.
      onClose={() => undefined}
    >
      <DialogTitle id={titleId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="privacy.modal.title" />
      </DialogTitle>
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        <Typography id={textId} sx={{ mb: 2, fontWeight: 600 }}>
          <FormattedMessage id="privacy.modal.lead" values={{ school: tenant.appName }} />
        </Typography>
        {tenant.privacyPolicy.trim() ? (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
              </Box>
            }
          >
            <MarkdownContent markdown={tenant.privacyPolicy} />
          </Suspense>
        ) : (
          <Typography>
            <FormattedMessage id="privacy.empty" />
          </Typography>
        )}
        {error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'privacy.modal.failed' })} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions
        sx={{
          px: 3,
          py: 2,
          gap: 1.5,
          // Stacked on phones, accept on top where the thumb is.
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button
          variant="outlined"
          size="large"
          onClick={onCancel}
          loading={signingOut}
          disabled={isLoading}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          <FormattedMessage id="privacy.modal.cancel" />
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void onAccept()}
          loading={isLoading}
          disabled={signingOut}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          <FormattedMessage id="privacy.modal.accept" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
