import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import type { MessageId } from '@/i18n/messages';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetArchiveSettingsQuery, useSaveArchiveSettingsMutation } from '../api/archiveApi';
import { fieldErrors, onlyFieldErrors } from '../errors';
import { adminPaths } from '../paths';
import type { ArchiveSettings } from './types';

type TextFieldName = Exclude<keyof ArchiveSettings, 'enabled'>;

const FIELDS: { name: TextFieldName; label: MessageId; help: MessageId; required?: boolean; type?: string }[] = [
  { name: 'url', label: 'admin.archiveSettings.url', help: 'admin.archiveSettings.urlHelp', required: true, type: 'url' },
  { name: 'senderOrgNumber', label: 'admin.archiveSettings.senderOrgNumber', help: 'admin.archiveSettings.senderOrgNumberHelp', required: true },
  { name: 'receiverOrgNumber', label: 'admin.archiveSettings.receiverOrgNumber', help: 'admin.archiveSettings.receiverOrgNumberHelp', required: true },
  { name: 'process', label: 'admin.archiveSettings.process', help: 'admin.archiveSettings.processHelp' },
  { name: 'administrativeUnit', label: 'admin.archiveSettings.administrativeUnit', help: 'admin.archiveSettings.administrativeUnitHelp' },
  { name: 'caseSystemId', label: 'admin.archiveSettings.caseSystemId', help: 'admin.archiveSettings.caseSystemIdHelp' },
  { name: 'classificationSystem', label: 'admin.archiveSettings.classificationSystem', help: 'admin.archiveSettings.classificationSystemHelp' },
  { name: 'classId', label: 'admin.archiveSettings.classId', help: 'admin.archiveSettings.classIdHelp' },
];

const EMPTY: ArchiveSettings = {
  enabled: false,
  url: '',
  senderOrgNumber: '',
  receiverOrgNumber: '',
  process: '',
  administrativeUnit: '',
  caseSystemId: '',
  classificationSystem: '',
  classId: '',
};

/**
 * On the school's settings page: delivery of signed results to the school's
 * own archive (Noark 5 arkivmelding through its eFormidling
 * integrasjonspunkt). The server checks every field and names the bad ones.
 */
export function ArchiveSettingsEditor() {
  const intl = useIntl();
  const headingId = useId();
  const { data, error: loadError, isLoading: loading, refetch } = useGetArchiveSettingsQuery();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.archiveSettings.heading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, maxWidth: '70ch' }}>
        <FormattedMessage
          id="admin.archiveSettings.intro"
          values={{
            link: (chunks) => (
              <Link component={RouterLink} to={adminPaths.archive}>
                {chunks}
              </Link>
            ),
          }}
        />
      </Typography>
      {loading ? <Loading /> : null}
      {loadError ? (
        <LoadFailed error={loadError} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {data ? <ArchiveSettingsForm initial={data} /> : null}
    </Paper>
  );
}

/** The settings' fields, from the stored set-up. */
function ArchiveSettingsForm({ initial }: { initial: ArchiveSettings }) {
  const intl = useIntl();
  const toast = useToast();
  const prefix = useId();
  const [fields, setFields] = useState<ArchiveSettings>(() => ({ ...EMPTY, ...initial }));
  const [save, { isLoading, error, reset }] = useSaveArchiveSettingsMutation();
  const server = fieldErrors(error);

  const set = (name: keyof ArchiveSettings, value: string | boolean) => {
    if (error) reset();
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save(fields)
      .unwrap()
      .then(
        (saved) => {
          setFields({ ...EMPTY, ...saved });
          toast.saved();
        },
        (failure: unknown) => {
          const bad = FIELDS.find((f) => fieldErrors(failure)[f.name]);
          if (bad) document.getElementById(`${prefix}-${bad.name}`)?.focus();
        },
      );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
      <Stack spacing={3}>
        <FormControlLabel
          control={<Switch checked={fields.enabled} onChange={(event) => set('enabled', event.target.checked)} />}
          label={intl.formatMessage({ id: 'admin.archiveSettings.enabled' })}
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              id={`${prefix}-${f.name}`}
              type={f.type ?? 'text'}
              label={intl.formatMessage({ id: f.label })}
              value={fields[f.name]}
              required={Boolean(f.required && fields.enabled)}
              onChange={(event) => set(f.name, event.target.value)}
              error={Boolean(server[f.name])}
              helperText={server[f.name] ?? intl.formatMessage({ id: f.help })}
              slotProps={{ htmlInput: { maxLength: 500 }, inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        {error && !onlyFieldErrors(error, FIELDS.map((f) => f.name)) ? (
          <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
        ) : null}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            <FormattedMessage id="admin.archiveSettings.save" />
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
