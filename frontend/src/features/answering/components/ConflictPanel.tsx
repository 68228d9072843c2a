import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '@/i18n/useLanguage';
import type { AnswerConflict, AnswerDraft } from '../hooks/useAutosave';
import { optionLabel } from '../labels';
import type { FormGroup } from '../types';

/**
 * Answers changed on this device and elsewhere since this device read them:
 * each shows both versions, and nothing is saved over the other until the
 * user chooses (spec: conflicts are never silent).
 */
export function ConflictPanel({
  conflicts,
  groups,
  onResolve,
}: {
  conflicts: readonly AnswerConflict[];
  groups: readonly FormGroup[];
  onResolve: (questionId: number, keep: 'mine' | 'theirs') => void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  if (conflicts.length === 0) return null;

  const describe = (questionId: number, draft: AnswerDraft): string => {
    const group = groups.find((g) => g.questions.some((q) => q.id === questionId));
    const option = group?.options.find((o) => String(o.value) === draft.value);
    const value =
      draft.value === null
        ? intl.formatMessage({ id: 'answering.conflict.empty' })
        : option
          ? optionLabel(option, language)
          : draft.value;
    return draft.comment ? `${value} – ${draft.comment}` : value;
  };

  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="conflicts">
      <AlertTitle>
        <FormattedMessage id="answering.conflict.title" />
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>
        <FormattedMessage id="answering.conflict.intro" />
      </Typography>
      {conflicts.map((conflict) => {
        const question = groups.flatMap((g) => g.questions).find((q) => q.id === conflict.questionId);
        const headingId = `conflict-${conflict.questionId}`;
        return (
          <Paper key={conflict.questionId} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 1 }}>
            <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
              {question?.text ?? `#${conflict.questionId}`}
            </Typography>
            <Box component="dl" sx={{ my: 1, '& dd': { ml: 0, mb: 1 } }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                <FormattedMessage id="answering.conflict.mine" />
              </Typography>
              <Typography component="dd" data-testid="conflict-mine">
                {describe(conflict.questionId, conflict.mine)}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                <FormattedMessage id="answering.conflict.theirs" />
              </Typography>
              <Typography component="dd" data-testid="conflict-theirs">
                {describe(conflict.questionId, conflict.theirs)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => onResolve(conflict.questionId, 'mine')}>
                <FormattedMessage id="answering.conflict.keepMine" />
              </Button>
              <Button variant="outlined" onClick={() => onResolve(conflict.questionId, 'theirs')}>
                <FormattedMessage id="answering.conflict.keepTheirs" />
              </Button>
            </Box>
          </Paper>
        );
      })}
    </Alert>
  );
}
