import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { MarkdownContent } from '@/components/MarkdownContent';
import { useToast } from '@/components/toast/useToast';
import type { MessageId } from '@/i18n/messages';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetSchoolTextsQuery, useSaveSchoolTextsMutation } from '../api/schoolTextsApi';
import { AdminPage } from '../components/AdminPage';
import { fieldErrors } from '../errors';
import type { SchoolText, SchoolTexts } from '../types';
import { fieldName, sectionsFor, TEXT_LABELS } from './textFields';
import { DefaultLanguageEditor } from './DefaultLanguageEditor';
import { ThemeEditor } from './ThemeEditor';
import { ArchiveSettingsEditor } from '../archive/ArchiveSettingsEditor';

/** `/admin/texts`: the school's own texts per language, and its colours and logo. */
export function SchoolTextsPage() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useGetSchoolTextsQuery();
  return (
    <AdminPage title={intl.formatMessage({ id: 'admin.texts.title' })}>
      {isLoading ? <Loading /> : null}
      {error ? <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.texts.loadFailed' })} retry={() => void refetch()} /> : null}
      {data ? (
        <Stack spacing={4}>
          <TextsEditor data={data} />
          <DefaultLanguageEditor />
          <ThemeEditor data={data} />
          <ArchiveSettingsEditor />
        </Stack>
      ) : null}
    </AdminPage>
  );
}

type Values = Record<string, Record<string, string>>;

function valuesOf(data: SchoolTexts): Values {
  const values: Values = {};
  for (const language of data.languages) {
    values[language] = {};
    for (const text of data.texts) values[language][text.key] = text.values[language]?.value ?? '';
  }
  return values;
}

const LANGUAGE_NAMES: Record<string, MessageId> = {
  nb: 'language.name.nb',
  nn: 'language.name.nn',
  en: 'language.name.en',
};

/**
 * Every school text, one tab per language. An empty field uses the default
 * (shown as placeholder and under the field). Markdown texts have a preview
 * rendered like the app shows them. Server errors are shown at the fields.
 */
function TextsEditor({ data }: { data: SchoolTexts }) {
  const intl = useIntl();
  const toast = useToast();
  const headingId = useId();
  const prefix = useId();
  const [language, setLanguage] = useState(data.languages[0] ?? 'nb');
  const [values, setValues] = useState<Values>(() => valuesOf(data));
  const [baseline, setBaseline] = useState<Values>(() => valuesOf(data));
  const [save, { isLoading, error, reset }] = useSaveSchoolTextsMutation();
  const errors = fieldErrors(error);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const errorsIn = (lang: string) => Object.keys(errors).filter((name) => name.startsWith(`${lang}.`)).length;
  const unplacedErrors = error && Object.keys(errors).every((name) => !data.languages.some((l) => name.startsWith(`${l}.`)));
  const inputId = (lang: string, key: string) => `${prefix}-${lang}-${key.replace(/\W/g, '-')}`;
  // The field to focus once its tab has rendered (the first one the server refused).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save(values)
      .unwrap()
      .then(
        (saved) => {
          const next = valuesOf(saved);
          setValues(next);
          setBaseline(next);
          toast.saved();
        },
        (failure: unknown) => {
          const first = Object.keys(fieldErrors(failure))[0];
          const [lang, ...rest] = first?.split('.') ?? [];
          if (lang && data.languages.includes(lang)) {
            pendingFocus.current = inputId(lang, rest.join('.'));
            setLanguage(lang);
          }
        },
      );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.texts.textsHeading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
        <FormattedMessage id="admin.texts.textsIntro" />
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
        <Tabs
          value={language}
          onChange={(_event, value: string) => setLanguage(value)}
          aria-label={intl.formatMessage({ id: 'admin.texts.languageTabs' })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          {data.languages.map((lang) => {
            const count = errorsIn(lang);
            const name = LANGUAGE_NAMES[lang] ? intl.formatMessage({ id: LANGUAGE_NAMES[lang] }) : lang;
            return (
              <Tab
                key={lang}
                value={lang}
                id={`${prefix}-tab-${lang}`}
                aria-controls={`${prefix}-panel-${lang}`}
                label={count > 0 ? intl.formatMessage({ id: 'admin.texts.tabWithErrors' }, { name, count }) : name}
                sx={count > 0 ? { color: 'error.main' } : undefined}
              />
            );
          })}
        </Tabs>
        {data.languages.map((lang) => (
          <Box
            key={lang}
            role="tabpanel"
            id={`${prefix}-panel-${lang}`}
            aria-labelledby={`${prefix}-tab-${lang}`}
            hidden={lang !== language}
            lang={lang}
          >
            {lang === language ? (
              <Stack spacing={4}>
                {sectionsFor(data.texts).map((section) => (
                  <Box key={section.heading} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
                    <Typography component="legend" sx={{ fontWeight: 700, fontSize: '1.0625rem', mb: 2 }}>
                      <FormattedMessage id={section.heading} />
                    </Typography>
                    <Stack spacing={3}>
                      {section.texts.map((text) => (
                        <TextInput
                          key={text.key}
                          id={inputId(lang, text.key)}
                          text={text}
                          language={lang}
                          value={values[lang]?.[text.key] ?? ''}
                          error={errors[fieldName(lang, text.key)]}
                          onChange={(value) => {
                            if (error) reset();
                            setValues((current) => ({ ...current, [lang]: { ...current[lang], [text.key]: value } }));
                          }}
                        />
                      ))}
                    </Stack>
                  </Box>
                ))}
              </Stack>
            ) : null}
          </Box>
        ))}
        {unplacedErrors ? (
          <Box sx={{ mt: 3 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
          </Box>
        ) : null}
        {error && !unplacedErrors ? (
          <Typography role="alert" sx={{ color: 'error.main', mt: 3 }}>
            <FormattedMessage id="admin.texts.fixErrors" values={{ count: Object.keys(errors).length }} />
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 3 }}>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            <FormattedMessage id="admin.texts.save" />
          </Button>
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {dirty ? <FormattedMessage id="admin.common.unsaved" /> : null}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}

interface TextInputProps {
  id: string;
  text: SchoolText;
  language: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

function TextInput({ id, text, language, value, error, onChange }: TextInputProps) {
  const intl = useIntl();
  const [preview, setPreview] = useState(false);
  const fallback = text.values[language]?.default ?? '';
  const known = TEXT_LABELS[text.key];
  const label = known ? intl.formatMessage({ id: known.label }) : text.key;
  const markdown = text.kind === 'markdown';
  const help = [
    known?.help ? intl.formatMessage({ id: known.help }) : null,
    fallback && !markdown
      ? intl.formatMessage({ id: 'admin.texts.default' }, { text: fallback })
      : intl.formatMessage({ id: fallback ? 'admin.texts.defaultMarkdown' : 'admin.texts.noDefault' }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Box>
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={fallback}
        fullWidth
        multiline={markdown || text.maxLength >= 300}
        minRows={markdown ? 8 : undefined}
        maxRows={markdown ? 24 : undefined}
        type={text.kind === 'email' ? 'email' : text.kind === 'url' ? 'url' : 'text'}
        error={Boolean(error)}
        helperText={error ?? help}
        slotProps={{ htmlInput: { maxLength: text.maxLength }, inputLabel: { shrink: true } }}
      />
      {markdown ? (
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => setPreview((on) => !on)} aria-expanded={preview} aria-controls={`${id}-preview`}>
            <FormattedMessage id={preview ? 'admin.texts.hidePreview' : 'admin.texts.showPreview'} />
          </Button>
          {preview ? (
            <Box
              id={`${id}-preview`}
              component="section"
              aria-label={intl.formatMessage({ id: 'admin.texts.previewOf' }, { name: label })}
              sx={{ mt: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default' }}
            >
              {value.trim() || fallback ? (
                <MarkdownContent markdown={value.trim() ? value : fallback} />
              ) : (
                <Typography sx={{ color: 'text.secondary' }}>
                  <FormattedMessage id="admin.texts.previewEmpty" />
                </Typography>
              )}
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
