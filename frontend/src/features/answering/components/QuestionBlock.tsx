import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import { memo, useCallback, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '@/i18n/useLanguage';
import type { AnswerDraft } from '../hooks/useAutosave';
import { notRelevantValue, optionLabel } from '../labels';
import { GroupType, type AnswerComment, type FormGroup, type FormQuestion } from '../types';
import { CommentField } from './CommentField';
import { LimitedTextArea } from './LimitedTextArea';
import { OtherComments } from './OtherComments';
import './question.css';

/** The longest free-text answer the server takes. */
export const MAX_TEXT = 10_000;

export interface QuestionBlockProps {
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
    <section className="pk-question" aria-labelledby={headingId}>
      <h3 id={headingId} className="pk-question-title">
        {`${number}. ${question.text}`}
      </h3>
      {question.helpText ? <HelpText text={question.helpText} /> : null}
      {group.type === GroupType.Grading ? (
        <GradingAnswer group={group} labelledBy={headingId} value={answer?.value ?? null} onChange={change} />
      ) : (
        <TextAnswer labelledBy={headingId} value={answer?.value ?? null} onChange={change} />
      )}
      {onChange ? (
        <CommentField value={answer?.comment ?? ''} onChange={changeComment} />
      ) : answer?.comment ? (
        <div className="pk-comment">
          <h4 className="pk-subheading">
            <FormattedMessage id="answering.readOnly.comment" />
          </h4>
          <p className="pk-text">{answer.comment}</p>
        </div>
      ) : null}
      <OtherComments comments={otherComments} />
    </section>
  );
});

/**
 * The question's guidance for the supervisor, behind a button; drawn only
 * once opened, so a page of folded guidance costs nothing to draw.
 */
function HelpText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="pk-help">
      <Button
        variant="text"
        size="small"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
        onClick={() => setOpen((was) => !was)}
        sx={{ minHeight: 44, px: 1, ml: -1 }}
      >
        <FormattedMessage id="answering.help.button" />
      </Button>
      {open ? (
        <p id={id} className="pk-help-text">
          {text}
        </p>
      ) : null}
    </div>
  );
}

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
  // One name per question, so the arrow keys move within its levels only.
  const name = useId();
  const notRelevant = notRelevantValue(group.options);
  const choices = [
    ...group.options.map((option) => ({ value: String(option.value), label: optionLabel(option, language) })),
    { value: notRelevant, label: intl.formatMessage({ id: 'answering.notRelevant' }) },
  ];

  if (!onChange) {
    const chosen = choices.find((choice) => choice.value === value);
    return (
      <p className="pk-text">
        <span className="pk-strong">
          <FormattedMessage id="answering.readOnly.answer" />
          {': '}
        </span>
        {chosen ? chosen.label : <FormattedMessage id="answering.readOnly.notAnswered" />}
      </p>
    );
  }

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="pk-choices">
      {choices.map((choice) => (
        <label key={choice.value} className="pk-choice" data-not-relevant={choice.value === notRelevant ? '' : undefined}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange({ value: choice.value })}
          />
          <span className="pk-choice-text">{choice.label}</span>
        </label>
      ))}
    </div>
  );
});

interface TextAnswerProps {
  labelledBy: string;
  value: string | null;
  onChange?: ((patch: Partial<AnswerDraft>) => void) | undefined;
}

/** A free-text answer: a multiline field (at most 10 000 characters). */
function TextAnswer({ labelledBy, value, onChange }: TextAnswerProps) {
  if (!onChange) {
    return value ? (
      <p className="pk-text">{value}</p>
    ) : (
      <p className="pk-muted">
        <FormattedMessage id="answering.readOnly.notAnswered" />
      </p>
    );
  }
  return (
    <LimitedTextArea
      answer
      labelledBy={labelledBy}
      value={value ?? ''}
      onChange={(text) => onChange({ value: text })}
      max={MAX_TEXT}
    />
  );
}
