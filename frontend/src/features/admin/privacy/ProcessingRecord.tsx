import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useGetProcessingRecordQuery } from '@/features/personalData/personalDataApi';
import { useTenant } from '@/features/tenant/tenantContext';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useLanguage } from '@/i18n/useLanguage';

/**
 * The school's record of processing for Praksis, generated from its
 * retention policy, in any of the school's languages (for the data
 * protection officer, who may need it in another language than the admin's).
 */
export function ProcessingRecord() {
  const intl = useIntl();
  const tenant = useTenant();
  const { language } = useLanguage();
  const headingId = useId();
  const [lang, setLang] = useState<string>(language);
  const { data, error, isLoading, isFetching, refetch } = useGetProcessingRecordQuery(lang);

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Typography variant="h2" id={headingId}>
          <FormattedMessage id="admin.privacy.recordHeading" />
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={lang}
          onChange={(_event, value: string | null) => value && setLang(value)}
          aria-label={intl.formatMessage({ id: 'admin.privacy.recordLanguage' })}
        >
          {tenant.languages.map((l) => (
            <ToggleButton key={l} value={l} lang={l} sx={{ minHeight: 40, px: { xs: 1.5, sm: 2 } }}>
              {intl.formatMessage({ id: `language.name.${l}` })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {data ? (
        <div lang={data.language} aria-busy={isFetching}>
          <Typography sx={{ mb: 1, maxWidth: '70ch' }}>{data.intro}</Typography>
          <Typography sx={{ mb: 3, color: 'text.secondary' }}>
            {`${data.school}${data.orgNumber ? ` (${data.orgNumber})` : ''} · `}
            <FormattedDate value={data.generatedAt} dateStyle="long" />
          </Typography>
          <Stack spacing={3}>
            {data.categories.map((c) => (
              <section key={c.id} aria-labelledby={`${headingId}-${c.id}`}>
                <Typography variant="h3" id={`${headingId}-${c.id}`} sx={{ mb: 1 }}>
                  {c.title}
                </Typography>
                <Typography component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { ml: 0 } }}>
                  <dt>
                    <FormattedMessage id="admin.privacy.record.data" />
                  </dt>
                  <dd>{c.data}</dd>
                  <dt>
                    <FormattedMessage id="admin.privacy.record.purpose" />
                  </dt>
                  <dd>{c.purpose}</dd>
                  <dt>
                    <FormattedMessage id="admin.privacy.record.access" />
                  </dt>
                  <dd>{c.access}</dd>
                  <dt>
                    <FormattedMessage id="admin.privacy.record.retention" />
                  </dt>
                  <dd>{c.retention}</dd>
                </Typography>
              </section>
            ))}
          </Stack>
        </div>
      ) : null}
    </Paper>
  );
}
