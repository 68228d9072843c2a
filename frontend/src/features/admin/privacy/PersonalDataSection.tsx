import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { errorDescriptions, normalizeError } from '@/api/errors';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useToast } from '@/components/toast/useToast';
import { DataCopies } from '@/features/personalData/DataCopies';
import { useErasePersonMutation } from '@/features/personalData/personalDataApi';
import { adminPaths } from '../paths';
import type { AdminUser } from '../types';

/**
 * On a person's page: a copy of everything the school holds about them, and
 * erasing them. Erasing asks first, says what stays because the school must
 * keep it, and shows the server's reason when it is refused (an open
 * signing form, or erasing oneself).
 */
export function PersonalDataSection({ user }: { user: AdminUser }) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [erase, erasing] = useErasePersonMutation();
  const refusal = erasing.error ? errorDescriptions(normalizeError(erasing.error)).join(' ') : null;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        <FormattedMessage id="admin.personalData.heading" />
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
        <FormattedMessage id="admin.personalData.copyIntro" values={{ name: user.displayName }} />
      </Typography>
      <DataCopies owner={user.id} />
      <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
        <FormattedMessage id="admin.personalData.eraseHeading" />
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
        <FormattedMessage id="admin.personalData.eraseIntro" />
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" color="error" size="large" onClick={() => setConfirming(true)}>
          <FormattedMessage id="admin.personalData.erase" values={{ name: user.displayName }} />
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({ id: 'admin.personalData.eraseTitle' }, { name: user.displayName })}
        confirmLabel={intl.formatMessage({ id: 'admin.personalData.eraseConfirm' })}
        destructive
        busy={erasing.isLoading}
        onClose={() => {
          setConfirming(false);
          erasing.reset();
        }}
        onConfirm={() => {
          erase(user.id)
            .unwrap()
            .then((report) => {
              setConfirming(false);
              const kept = Object.values(report.kept).reduce((a, b) => a + b, 0);
              toast.show(kept > 0 ? 'admin.personalData.erasedKept' : 'admin.personalData.erased', 'success', {
                name: user.displayName,
              });
              void navigate(adminPaths.users);
            })
            .catch(() => undefined);
        }}
      >
        <Typography>
          <FormattedMessage id="admin.personalData.eraseWhat" values={{ name: user.displayName, email: user.email }} />
        </Typography>
        <Typography>
          <FormattedMessage id="admin.personalData.eraseKept" />
        </Typography>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Paper>
  );
}
