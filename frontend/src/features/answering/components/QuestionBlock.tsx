import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { memo, useCallback, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '@/i18n/useLanguage';
import { characterCount, limitText } from '@/lib/textLimit';
import { NARROWEST_PHONES } from '@/theme/layout';
import type { AnswerDraft } from '../hooks/useAutosave';
import { notRelevantValue, optionLabel } from '../labels';
import { GroupType, type AnswerComment, type FormGroup, type FormQuestion } from '../types';
import { CommentField } from './CommentField';
import { growingField } from './growingField';
import { OtherComments } from './OtherComments';

const answerRows = growingField(5);

/** The longest free-text answer the server takes. */
export const MAX_TEXT = 10_000;

interface QuestionBlockProps {
  group: FormGroup;
  question: FormQuestion;
  number: number;
  answer: AnswerDraft | undefined;
  /** Comments by others on this question. */
  otherComments: readonly AnswerComment[];
  /** Changes a question's answer; absent when the answers are only shown. */
  onChange?: ((questionId: number, patch: Partial<AnswerDraft>) => void) | undefined;
}

/**
 * One question: its text, the guidance for the supervisor (folded away),
 * the answer (the grading labels and "not relevant" as big radio buttons,
 * or a text field), the user's comment and the comments of others.
 * Without `onChange` the answer and comment are shown as text.
 */
export const QuestionBlock = memo(function QuestionBlock({ group, question, number, answer, otherComments, onChange }: QuestionBlockProps) {
  const headingId = useId();
  // Stable while the question and the page's handler are, so a keystroke in
  // one field draws that field again and not the choices beside it.
  const questionId = question.id;
  const changeAnswer = useCallback((patch: Partial<AnswerDraft>) => onChange?.(questionId, patch), [onChange, questionId]);
  const changeComment = useCallback((comment: string) => onChange?.(questionId, { comment }), [onChange, questionId]);
  const change = onChange ? changeAnswer : undefined;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: { xs: 2.5, sm: 3 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.45, mb: 1 }}>
        {`${number}. ${question.text}`}
      </Typography>
      {question.helpText ? <HelpText text={question.helpText} /> : null}
      {group.type === GroupType.Grading ? (
        <GradingAnswer group={group} labelledBy={headingId} value={answer?.value ?? null} onChange={change} />
      ) : (
        <TextAnswer labelledBy={headingId} value={answer?.value ?? null} onChange={change} />
      )}
      {onChange ? (
        <CommentField value={answer?.comment ?? ''} onChange={changeComment} />
      ) : answer?.comment ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="answering.readOnly.comment" />
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.comment}</Typography>
        </Box>
      ) : null}
      <OtherComments comments={otherComments} />
    </Box>
  );
});

/** The question's guidance for the supervisor, behind a button. */
function HelpText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ mb: 1.5 }}>
      <Button
        variant="text"
        size="small"
        aria-expanded={open}
        aria-controls={id}
        endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
        onClick={() => setOpen((was) => !was)}
        sx={{ minHeight: 44, px: 1, ml: -1 }}
      >
        <FormattedMessage id="answering.help.button" />
      </Button>
      <Collapse in={open}>
        <Typography
          id={id}
          sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {text}
        </Typography>
      </Collapse>
    </Box>
  );
}

/**
 * The choices' look, one style for the whole group: the chosen one marked by
 * the checked input itself (`:has`), so choosing a level restyles no
 * component and the styles are worked out once, not per choice.
 */
const choicesStyle = {
  display: 'grid',
  // Two columns on a phone, each allowed to shrink below its longest
  // word ('selvstendig' in bold), so that no choice sticks out of the
  // card on a 360 px screen; one column where two cannot fit a word.
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  [NARROWEST_PHONES]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  gap: 1,
  '& > .MuiFormControlLabel-root': {
    m: 0,
    minHeight: 52,
    pr: { xs: 0.75, sm: 1.5 },
    border: 1,
    borderStyle: 'solid',
    borderColor: 'grey.400',
    borderRadius: 1,
    bgcolor: 'background.paper',
    boxShadow: 'none',
    '&[data-not-relevant]': { borderStyle: 'dashed' },
    '& .MuiRadio-root': { p: { xs: 0.5, sm: 1.125 } },
    '& .MuiFormControlLabel-label': {
      fontWeight: 400,
      fontSize: { xs: '0.9375rem', sm: '1rem' },
      lineHeight: 1.3,
      py: 1,
      minWidth: 0,
      hyphens: 'auto',
      overflowWrap: 'anywhere',
    },
    '&:has(input:checked)': {
      borderColor: 'primary.main',
      bgcolor: 'action.selected',
      boxShadow: (theme: Theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
      '& .MuiFormControlLabel-label': { fontWeight: 600 },
    },
    '&:has(input:focus-visible)': { outline: (theme: Theme) => `3px solid ${theme.palette.primaryText}`, outlineOffset: 2 },
  },
} satisfies SxProps<Theme>;

interface GradingAnswerProps {
  group: FormGroup;
  labelledBy: string;
  value: string | null;
  onChange?: ((patch: Partial<AnswerDraft>) => void) | undefined;
}

/**
 * The five labels and "not relevant" as one radio group: native radio
 * buttons, so the arrow keys move between them, each a whole row to tap.
 */
const GradingAnswer = memo(function GradingAnswer({ group, labelledBy, value, onChange }: GradingAnswerProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const notRelevant = notRelevantValue(group.options);
  const choices = [
    ...group.options.map((option) => ({ value: String(option.value), label: optionLabel(option, language) })),
    { value: notRelevant, label: intl.formatMessage({ id: 'answering.notRelevant' }) },
  ];

  if (!onChange) {
    const chosen = choices.find((choice) => choice.value === value);
    return (
      <Typography>
        <Box component="span" sx={{ fontWeight: 600 }}>
          <FormattedMessage id="answering.readOnly.answer" />
          {': '}
        </Box>
        {chosen ? chosen.label : <FormattedMessage id="answering.readOnly.notAnswered" />}
      </Typography>
    );
  }

  return (
    <RadioGroup aria-labelledby={labelledBy} value={value ?? ''} onChange={(event) => onChange({ value: event.target.value })} sx={choicesStyle}>
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.value}
          value={choice.value}
          control={<Radio />}
          label={choice.label}
          data-not-relevant={choice.value === notRelevant ? '' : undefined}
        />
      ))}
    </RadioGroup>
  );
});

interface TextAnswerProps {
  labelledBy: string;
  value: string | null;
  onChange?: ((patch: Partial<AnswerDraft>) => void) | undefined;
}

/** A free-text answer: a multiline field (at most 10 000 characters). */
function TextAnswer({ labelledBy, value, onChange }: TextAnswerProps) {
  const intl = useIntl();
  if (!onChange) {
    return value ? (
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Typography>
    ) : (
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="answering.readOnly.notAnswered" />
      </Typography>
    );
  }
  const text = value ?? '';
  return (
    <TextField
      value={text}
      onChange={(event) => onChange({ value: limitText(event.target.value, MAX_TEXT) })}
      multiline
      rows={5}
      sx={answerRows}
      fullWidth
      helperText={intl.formatMessage({ id: 'answering.comment.counter' }, { count: characterCount(text), max: MAX_TEXT })}
      slotProps={{ htmlInput: { 'aria-labelledby': labelledBy }, formHelperText: { sx: { textAlign: 'right' } } }}
    />
  );
}
