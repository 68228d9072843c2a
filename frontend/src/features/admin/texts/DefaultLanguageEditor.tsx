import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useTenant } from '@/features/tenant/tenantContext';
import { isLanguage, type Language } from '@/i18n/language';
import { useSaveDefaultLanguageMutation } from '../api/schoolTextsApi';

/**
 * The school's default language: the one a new visitor meets (Bokmål,
 * Nynorsk or English). Each language is named in itself, as in the
 * language switch.
 */
export function DefaultLanguageEditor() {
  const intl = useIntl();
  const toast = useToast();
  const tenant = useTenant();
  const headingId = useId();
  const [chosen, setChosen] = useState<Language>(tenant.defaultLanguage);
  const [save, { isLoading, error }] = useSaveDefaultLanguageMutation();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save({ language: chosen })
      .unwrap()
      .then(
        () => toast.saved(),
        () => undefined,
      );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.defaultLanguage.heading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
        <FormattedMessage id="admin.defaultLanguage.intro" />
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ mt: 2 }}>
        <RadioGroup
          aria-labelledby={headingId}
          value={chosen}
          onChange={(_event, value) => {
            if (isLanguage(value)) setChosen(value);
          }}
        >
          {tenant.languages.map((language) => (
            <FormControlLabel
              key={language}
              value={language}
              control={<Radio />}
              lang={language}
              label={intl.formatMessage({ id: `language.name.${language}` })}
            />
          ))}
        </RadioGroup>
        {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} /> : null}
        <Button type="submit" variant="contained" size="large" loading={isLoading} sx={{ mt: 2 }}>
          <FormattedMessage id="admin.defaultLanguage.save" />
        </Button>
      </Box>
    </Paper>
  );
}
