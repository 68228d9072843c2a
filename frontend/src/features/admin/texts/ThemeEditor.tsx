import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { AA_TEXT_CONTRAST, contrastRatio, ensureContrast, pickContrastText, WHITE } from '@/theme/contrast';
import { useSaveSchoolThemeMutation } from '../api/schoolTextsApi';
import { fieldErrors, onlyFieldErrors } from '../errors';
import type { SchoolTexts, SchoolTheme } from '../types';

/** A colour as the server stores it: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A logo or icon address the server takes: https:// or a path on this site. */
const IMAGE_URL = /^(https:\/\/\S+|\/\S*)$/;

type ThemeFields = Required<Pick<SchoolTheme, 'primaryColor' | 'secondaryColor' | 'logoUrl' | 'faviconUrl'>>;

const fieldsOf = (theme: SchoolTheme): ThemeFields => ({
  primaryColor: theme.primaryColor,
  secondaryColor: theme.secondaryColor,
  logoUrl: theme.logoUrl ?? '',
  faviconUrl: theme.faviconUrl ?? '',
});

/** What the contrast of a colour means for the app: text on it, and it as text on white. */
export function contrastReport(colour: string) {
  const onColour = pickContrastText(colour);
  return {
    textColour: onColour,
    textContrast: contrastRatio(onColour, colour),
    asTextContrast: contrastRatio(colour, WHITE),
    /** The shade used for links and text in this colour when the colour itself is too light. */
    readableShade: ensureContrast(colour, [WHITE]),
  };
}

/**
 * The school's colours (with live contrast feedback) and logo and icon
 * addresses. An empty field falls back to the default.
 */
export function ThemeEditor({ data }: { data: SchoolTexts }) {
  const intl = useIntl();
  const toast = useToast();
  const headingId = useId();
  const prefix = useId();
  const [fields, setFields] = useState<ThemeFields>(() => fieldsOf(data.theme));
  const [checked, setChecked] = useState(false);
  const [save, { isLoading, error, reset }] = useSaveSchoolThemeMutation();
  const server = fieldErrors(error);
  const defaults = fieldsOf(data.themeDefault);

  const problem = (name: keyof ThemeFields): string | undefined => {
    const value = fields[name].trim();
    if (checked && value) {
      if ((name === 'primaryColor' || name === 'secondaryColor') && !HEX_COLOUR.test(value)) {
        return intl.formatMessage({ id: 'admin.theme.colourInvalid' });
      }
      if ((name === 'logoUrl' || name === 'faviconUrl') && !IMAGE_URL.test(value)) {
        return intl.formatMessage({ id: 'admin.theme.urlInvalid' });
      }
    }
    return server[name];
  };
  const names: (keyof ThemeFields)[] = ['primaryColor', 'secondaryColor', 'logoUrl', 'faviconUrl'];
  const set = (name: keyof ThemeFields, value: string) => {
    if (error) reset();
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setChecked(true);
    const invalid = names.find((name) => {
      const value = fields[name].trim();
      if (!value) return false;
      return name.endsWith('Color') ? !HEX_COLOUR.test(value) : !IMAGE_URL.test(value);
    });
    if (invalid) {
      document.getElementById(`${prefix}-${invalid}`)?.focus();
      return;
    }
    save({
      primaryColor: fields.primaryColor.trim(),
      secondaryColor: fields.secondaryColor.trim(),
      logoUrl: fields.logoUrl.trim(),
      faviconUrl: fields.faviconUrl.trim(),
    })
      .unwrap()
      .then(
        (saved) => {
          setFields(fieldsOf(saved.theme));
          setChecked(false);
          toast.saved();
        },
        () => undefined,
      );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.theme.heading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
        <FormattedMessage id="admin.theme.intro" />
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {(['primaryColor', 'secondaryColor'] as const).map((name) => (
              <ColourField
                key={name}
                id={`${prefix}-${name}`}
                label={intl.formatMessage({ id: name === 'primaryColor' ? 'admin.theme.primary' : 'admin.theme.secondary' })}
                value={fields[name]}
                fallback={defaults[name]}
                error={problem(name)}
                onChange={(value) => set(name, value)}
              />
            ))}
          </Box>
          {(['logoUrl', 'faviconUrl'] as const).map((name) => (
            <TextField
              key={name}
              id={`${prefix}-${name}`}
              type="url"
              label={intl.formatMessage({ id: name === 'logoUrl' ? 'admin.theme.logoUrl' : 'admin.theme.faviconUrl' })}
              value={fields[name]}
              onChange={(event) => set(name, event.target.value)}
              placeholder={defaults[name] || 'https://'}
              error={Boolean(problem(name))}
              helperText={problem(name) ?? intl.formatMessage({ id: 'admin.theme.urlHelp' })}
              slotProps={{ htmlInput: { maxLength: 500 }, inputLabel: { shrink: true } }}
            />
          ))}
          {error && !onlyFieldErrors(error, names) ? (
            <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
          ) : null}
          <Box>
            <Button type="submit" variant="contained" size="large" loading={isLoading}>
              <FormattedMessage id="admin.theme.save" />
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

interface ColourFieldProps {
  id: string;
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A colour as a #rrggbb text field and a colour picker, with what its contrast means. */
function ColourField({ id, label, value, fallback, error, onChange }: ColourFieldProps) {
  const intl = useIntl();
  const effective = HEX_COLOUR.test(value.trim()) ? value.trim() : HEX_COLOUR.test(fallback) ? fallback : '#000000';
  const report = contrastReport(effective);
  const ratio = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const textOk = report.textContrast >= AA_TEXT_CONTRAST;
  const asTextOk = report.asTextContrast >= AA_TEXT_CONTRAST;

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          id={id}
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={fallback}
          error={Boolean(error)}
          helperText={error ?? intl.formatMessage({ id: 'admin.theme.colourHelp' }, { fallback })}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false }, inputLabel: { shrink: true } }}
        />
        <Box
          component="input"
          type="color"
          value={effective.toLowerCase()}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          aria-label={intl.formatMessage({ id: 'admin.theme.pick' }, { name: label })}
          sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer' }}
        />
      </Box>
      <Box
        aria-live="polite"
        sx={{ mt: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Box
          sx={{
            bgcolor: effective,
            color: report.textColour,
            px: 2,
            py: 1,
            borderRadius: 1,
            fontWeight: 600,
            display: 'inline-block',
            mb: 1,
          }}
        >
          <FormattedMessage id="admin.theme.sample" />
        </Box>
        <Typography sx={{ fontSize: '0.9375rem' }}>
          <FormattedMessage
            id={textOk ? 'admin.theme.textOnColourOk' : 'admin.theme.textOnColourLow'}
            values={{
              ratio: ratio(report.textContrast),
              colour: intl.formatMessage({ id: report.textColour === WHITE ? 'admin.theme.white' : 'admin.theme.black' }),
            }}
          />
        </Typography>
        <Typography sx={{ fontSize: '0.9375rem' }}>
          <FormattedMessage
            id={asTextOk ? 'admin.theme.asTextOk' : 'admin.theme.asTextLow'}
            values={{ ratio: ratio(report.asTextContrast) }}
          />
        </Typography>
      </Box>
    </Box>
  );
}
