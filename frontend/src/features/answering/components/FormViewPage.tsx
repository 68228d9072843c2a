import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { roleOfPath, rolePath } from '@/features/auth/roles';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useLanguage } from '@/i18n/useLanguage';
import { useGetAnsweringFormQuery } from '../answeringApi';
import { optionLabel } from '../labels';
import { GroupType, type AnsweringForm, type FormGroup } from '../types';
import { answerableGroups } from './AnswerFormPage';
import { FormLoadFailed, FormLoading, FormNotFound, NoFormGroups } from './FormMessages';
import { FormTools } from './FormTools';

/**
 * A read-only view of a form (`/teacher/form/:formId`, `/advisor/form/:formId`):
 * its groups, questions and guidance, so teachers and supervisors can see
 * what will be asked before they assess.
 */
export function FormViewPage() {
  const { formId: raw } = useParams();
  const formId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const { data: form, error, refetch } = useGetAnsweringFormQuery(formId ?? 0, { skip: formId === null || formId <= 0 });
  if (formId === null || formId <= 0 || hasStatus(error, 404)) return <FormNotFound />;
  if (error && !form) return <FormLoadFailed error={error} retry={() => void refetch()} />;
  if (!form) return <FormLoading />;
  const groups = answerableGroups(form);
  if (groups.length === 0) return <NoFormGroups formName={form.name} />;
  return <FormView form={form} groups={groups} />;
}

function FormView({ form, groups }: { form: AnsweringForm; groups: FormGroup[] }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const location = useLocation();
  const [cameFromApp] = useState(() => location.key !== 'default');
  const role = roleOfPath(location.pathname);
  useDocumentTitle(`${form.name} – ${tenant.appName}`);
  const firstNumbers = groups.map((_group, index) =>
    groups.slice(0, index).reduce((count, earlier) => count + earlier.questions.length, 1),
  );

  return (
    <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>
        <FormattedMessage id="answering.view.kicker" />
      </Typography>
      <Typography variant="h1" sx={{ mt: 0.5, mb: 1.5, overflowWrap: 'anywhere' }}>
        {form.name}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '65ch' }}>
        <FormattedMessage id="answering.view.intro" />
      </Typography>
      <FormTools form={form} />
      {groups.map((group, index) => (
        <GroupView key={group.id} group={group} firstNumber={firstNumbers[index] ?? 1} />
      ))}
      <Box sx={{ mt: 3, '@media print': { display: 'none' } }}>
        <Button
          variant="outlined"
          size="large"
          startIcon={<ArrowBackIcon aria-hidden />}
          onClick={() => void (cameFromApp ? navigate(-1) : navigate(role ? rolePath(role) : '/'))}
        >
          <FormattedMessage id="answering.view.back" />
        </Button>
      </Box>
    </Container>
  );
}

function GroupView({ group, firstNumber }: { group: FormGroup; firstNumber: number }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const headingId = useId();
  const grading = group.type === GroupType.Grading;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.375rem', overflowWrap: 'anywhere' }}>
        {group.name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
        {grading ? (
          <FormattedMessage
            id="answering.view.grading"
            values={{
              labels: (
                <FormattedList
                  type="disjunction"
                  value={[
                    ...group.options.map((option) => optionLabel(option, language)),
                    intl.formatMessage({ id: 'answering.notRelevant' }),
                  ]}
                />
              ),
            }}
          />
        ) : (
          <FormattedMessage id="answering.view.text" />
        )}
      </Typography>
      <Box component="ol" start={firstNumber} sx={{ pl: 3.5, mb: 0, mt: 2, '& > li': { py: 1, lineHeight: 1.5 } }}>
        {group.questions.map((question) => (
          <li key={question.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{question.text}</Typography>
            {question.helpText ? (
              <Box sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
                <Typography component="p" variant="subtitle2" sx={{ fontWeight: 600 }}>
                  <FormattedMessage id="answering.view.help" />
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.helpText}</Typography>
              </Box>
            ) : null}
          </li>
        ))}
      </Box>
    </Paper>
  );
}
