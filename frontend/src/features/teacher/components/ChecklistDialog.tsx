import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CHECKLIST } from '../checklist';

interface ChecklistDialogProps {
  open: boolean;
  /** Closes for now; the checklist shows again next time. */
  onClose: () => void;
  /** Closes for good in this class and semester. */
  onDismiss: () => void;
}

/** The practice teacher's checklist: what to do at the start, at mid-placement and at the end. */
export function ChecklistDialog({ open, onClose, onDismiss }: ChecklistDialogProps) {
  const intl = useIntl();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth scroll="body">
      <DialogTitle id={titleId}>
        <FormattedMessage id="teacher.checklist.title" />
      </DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>
          <FormattedMessage id="teacher.checklist.intro" />
        </Typography>
        {CHECKLIST.map((section) => (
          <Box key={section.title} component="section" sx={{ '& + &': { mt: 3 } }}>
            <Typography component="h3" variant="h2" sx={{ mb: 1 }}>
              {intl.formatMessage({ id: section.title })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {section.items.map((item) => (
                <Typography component="li" key={item} sx={{ py: 0.5 }}>
                  {intl.formatMessage({ id: item })}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onDismiss} size="large">
          <FormattedMessage id="teacher.checklist.dismiss" />
        </Button>
        <Button onClick={onClose} variant="contained" size="large" autoFocus>
          <FormattedMessage id="teacher.checklist.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
