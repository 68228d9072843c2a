import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { TERM_COLUMNS } from '@/theme/layout';
import { useCreatePeriodMutation, type NextPeriod } from '../api/semestersApi';
import { formatDay } from '../dates';
import type { Period } from '../types';

interface NextSemesterDialogProps {
  /** The semester the server proposes (`GET /api/periods/next`). */
  proposal: NextPeriod;
  onClose: () => void;
  onCreated: (period: Period) => void;
}

/**
 * Shows the name and dates of the next semester and creates it only when
 * the admin confirms (spec §5). The body repeats the proposal, which the
 * server checks still holds.
 */
export function NextSemesterDialog({ proposal, onClose, onCreated }: NextSemesterDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [create, { isLoading, error }] = useCreatePeriodMutation();

  const confirm = () => {
    create({ name: proposal.name, startDate: proposal.startDate, endDate: proposal.endDate })
      .unwrap()
      .then((period) => {
        toast.saved();
        onCreated(period);
      }, () => undefined);
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        <FormattedMessage id="admin.semesters.createTitle" />
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          <FormattedMessage id="admin.semesters.createIntro" />
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: TERM_COLUMNS, columnGap: 2, rowGap: 1 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="admin.semesters.name" />
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="next-semester-name">
            {proposal.name}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="admin.semesters.starts" />
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatDay(intl, proposal.startDate)}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="admin.semesters.ends" />
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatDay(intl, proposal.endDate)}
          </Typography>
        </Box>
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          <FormattedMessage id="admin.semesters.createNote" />
        </Typography>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.semesters.createFailed' })} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isLoading} autoFocus>
          <FormattedMessage id="admin.common.cancel" />
        </Button>
        <Button variant="contained" onClick={confirm} loading={isLoading}>
          <FormattedMessage id="admin.semesters.createConfirm" values={{ name: proposal.name }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
