import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLanguage, LANGUAGES, type Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';

interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The languages the school offers. */
  languages?: readonly Language[];
}

/**
 * The settings dialog (spec §1): the language, Norwegian or English. A choice
 * takes effect at once and is remembered in local storage (`language`).
 */
export function SettingsDialog({ open, onClose, languages = LANGUAGES }: SettingsDialogProps) {
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
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" size="large" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
