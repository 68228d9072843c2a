import { FormattedMessage, useIntl } from 'react-intl';
import type { AnswerComment } from '../types';
import './question.css';

/** "Hilde Bakken (PV)": the comment badge's text (spec §6). */
export function authorBadge(name: string, roleTag: string): string {
  return `${name} (${roleTag})`;
}

/**
 * Comments others wrote on a question, each with a badge naming the author
 * and their role tag: (S) student, (PV) supervisor, (PL) teacher.
 */
export function OtherComments({ comments }: { comments: readonly AnswerComment[] }) {
  const intl = useIntl();
  if (comments.length === 0) return null;
  return (
    <div className="pk-others">
      <h4 className="pk-subheading">
        <FormattedMessage id="answering.othersComments" />
      </h4>
      <ul>
        {comments.map((comment) => (
          <li key={comment.id}>
            <div className="pk-others-meta">
              <span className="pk-badge">{authorBadge(comment.userName, comment.roleTag)}</span>
              <span className="pk-date">{intl.formatDate(comment.commentedAt, { dateStyle: 'medium' })}</span>
            </div>
            <p className="pk-text">{comment.comment}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
