import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AnswerComment } from '../types';

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
    <Box sx={{ mt: 2 }}>
      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
        <FormattedMessage id="answering.othersComments" />
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {comments.map((comment) => (
          <Box
            component="li"
            key={comment.id}
            sx={{ borderLeft: 4, borderColor: 'divider', pl: 1.5, py: 0.5 }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Chip size="small" label={authorBadge(comment.userName, comment.roleTag)} />
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {intl.formatDate(comment.commentedAt, { dateStyle: 'medium' })}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.comment}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
