import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import Link from '@mui/material/Link';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { isLanguage, LANGUAGES, type Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';

interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The languages the school offers. */
  languages?: readonly Language[];
  /** Where the signed-in person gets a copy of their data; no link when left out. */
  myDataPath?: string;
}

/**
 * The settings dialog (spec §1): the language, Norwegian or English. A choice
 * takes effect at once and is remembered in local storage (`language`).
 * Signed in, it also leads to the copy of the person's data.
 */
export function SettingsDialog({ open, onClose, languages = LANGUAGES, myDataPath }: SettingsDialogProps) {
  const intl = useIntl();
  const { language, chooseLanguage } = useLanguage();
  const titleId = useId();
  const labelId = useId();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <FormattedMessage id="settings.title" />
      </DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel
            id={labelId}
            sx={{ fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
          >
            <FormattedMessage id="settings.language" />
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name="language"
            value={language}
            onChange={(event) => {
              if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
            }}
          >
            {languages.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                lang={option}
                label={intl.formatMessage({ id: `language.name.${option}` })}
                sx={{ minHeight: 48 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {myDataPath ? (
          <>
            <Typography component="h3" sx={{ fontWeight: 600, mt: 3, mb: 0.5 }}>
              <FormattedMessage id="settings.myData" />
            </Typography>
            <Link component={RouterLink} to={myDataPath} onClick={onClose} sx={{ display: 'inline-block', py: 1 }}>
              <FormattedMessage id="settings.myDataLink" />
            </Link>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" size="large" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
