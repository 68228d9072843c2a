import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GradingScale } from '../components/GradingScale';
import { GroupPager } from '../components/GroupPager';
import { GROUP_TYPE_GRADING } from '../types';
import type { DraftForm, DraftGroup } from './editorModel';

/**
 * The preview tab: the form as the answering page shows it, one group per
 * page, graded questions with the five levels and "not relevant", free-text
 * questions with a text box. Answers given here are not kept.
 */
export function FormPreview({ draft }: { draft: DraftForm }) {
  const intl = useIntl();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const groups = draft.groups;
  const idPrefix = useId();

  return (
    <Stack spacing={2}>
      <Alert severity="info">
        <FormattedMessage id="admin.formPreview.note" />
      </Alert>
      <Typography component="p" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {draft.name.trim() || intl.formatMessage({ id: 'admin.formPreview.untitled' })}
      </Typography>
      {groups.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.formPreview.noGroups" />
        </Typography>
      ) : (
        <GroupPager<DraftGroup>
          pages={groups}
          title={(group) => group.name}
          render={(group) =>
            group.questions.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="admin.formPreview.noQuestions" />
              </Typography>
            ) : (
              <Stack spacing={3}>
                {group.questions.map((question, index) => {
                  const help = question.helpText?.trim() ? (
                    <Box sx={{ mb: 1, p: 1.5, bgcolor: 'background.default', borderRadius: 1 }}>
                      <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>
                        <FormattedMessage id="admin.formPreview.helpText" />
                      </Typography>
                      <Typography sx={{ whiteSpace: 'pre-line' }}>{question.helpText}</Typography>
                    </Box>
                  ) : null;
                  const label = `${index + 1}. ${question.text}`;
                  return group.type === GROUP_TYPE_GRADING ? (
                    <GradingScale
                      key={question.key}
                      label={label}
                      value={answers[question.key] ?? ''}
                      onChange={(value) => setAnswers((current) => ({ ...current, [question.key]: value }))}
                    >
                      {help}
                    </GradingScale>
                  ) : (
                    <Box key={question.key}>
                      <Typography
                        component="label"
                        htmlFor={`${idPrefix}-${question.key}`}
                        sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
                      >
                        {label}
                      </Typography>
                      {help}
                      <TextField
                        id={`${idPrefix}-${question.key}`}
                        multiline
                        minRows={3}
                        fullWidth
                        value={answers[question.key] ?? ''}
                        onChange={(event) =>
                          setAnswers((current) => ({ ...current, [question.key]: event.target.value }))
                        }
                      />
                    </Box>
                  );
                })}
              </Stack>
            )
          }
        />
      )}
    </Stack>
  );
}
