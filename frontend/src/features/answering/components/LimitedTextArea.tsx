import { useId } from 'react';
import { useIntl } from 'react-intl';
import { characterCount, limitText } from '@/lib/textLimit';
import './question.css';

interface LimitedTextAreaProps {
  value: string;
  onChange: (value: string) => void;
  /** The most characters taken; typing or pasting past it is ignored. */
  max: number;
  /** The field's own label, shown above it; else `labelledBy` names it. */
  label?: string;
  labelledBy?: string;
  /** The free-text answer (five rows) rather than a comment (three). */
  answer?: boolean;
}

/**
 * A multiline text field with a visible character count, a native
 * `<textarea>` styled by the form's stylesheet: it grows with its text by
 * CSS and costs no run-time styles per keystroke.
 */
export function LimitedTextArea({ value, onChange, max, label, labelledBy, answer = false }: LimitedTextAreaProps) {
  const intl = useIntl();
  const fieldId = useId();
  const helperId = useId();
  return (
    <div className={answer ? 'pk-field pk-field-answer' : 'pk-field'}>
      {label ? (
        <label className="pk-field-label" htmlFor={fieldId}>
          {label}
        </label>
      ) : null}
      <textarea
        id={fieldId}
        rows={answer ? 5 : 3}
        value={value}
        aria-labelledby={label ? undefined : labelledBy}
        aria-describedby={helperId}
        onChange={(event) => onChange(limitText(event.target.value, max))}
      />
      <p id={helperId} className="pk-field-helper">
        {intl.formatMessage({ id: 'answering.comment.counter' }, { count: characterCount(value), max })}
      </p>
    </div>
  );
}
