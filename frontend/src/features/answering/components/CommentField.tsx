import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { characterCount } from '@/lib/textLimit';
import { LimitedTextArea } from './LimitedTextArea';
import './question.css';

/** The longest comment (spec §5); further input is ignored. */
export const MAX_COMMENT = 4000;

/** Characters left at which the count is read out to screen readers. */
const ANNOUNCE_AT = [500, 100, 0];

interface CommentFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The user's own comment on a question: a button opens a text field
 * (open from the start when there is a comment). At most 4000 characters;
 * typing or pasting past that is ignored. A visible counter shows how many
 * are used; screen readers hear it only near the limit.
 */
export function CommentField({ value, onChange }: CommentFieldProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(value !== '');
  const fieldId = useId();
  const remaining = MAX_COMMENT - characterCount(value);
  const threshold = ANNOUNCE_AT.find((at) => remaining <= at);
  let announcement = '';
  if (threshold === 0) announcement = intl.formatMessage({ id: 'answering.comment.limitReached' }, { max: MAX_COMMENT });
  else if (threshold !== undefined) announcement = intl.formatMessage({ id: 'answering.comment.remaining' }, { remaining: threshold });

  return (
    <div className="pk-comment">
      <Button
        variant="text"
        startIcon={<ChatBubbleOutlineIcon aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? fieldId : undefined}
        onClick={() => setOpen((was) => !was)}
        sx={{ minHeight: 44 }}
      >
        <FormattedMessage id={value === '' ? 'answering.comment.add' : 'answering.comment.button'} />
      </Button>
      {open ? (
        <div id={fieldId} className="pk-comment-field">
          <LimitedTextArea
            label={intl.formatMessage({ id: 'answering.comment.label' })}
            value={value}
            onChange={onChange}
            max={MAX_COMMENT}
          />
          <div className="pk-visually-hidden" aria-live="polite">
            {announcement}
          </div>
        </div>
      ) : null}
    </div>
  );
}
