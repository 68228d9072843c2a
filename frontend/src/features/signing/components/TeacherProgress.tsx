import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import type { TeacherAnswerSummary } from '../types';

/** Question types of the summary: graded on the scale, then free text. */
const TYPES: { type: number; label: MessageId }[] = [
  { type: 2, label: 'signing.progress.graded' },
  { type: 1, label: 'signing.progress.text' },
];

const HALVES: { mid: boolean; label: MessageId }[] = [
  { mid: true, label: 'signing.progress.mid' },
  { mid: false, label: 'signing.progress.end' },
];

/**
 * How much of the main assessment form the teacher has answered, per half
 * and question type, shown before the teacher signs.
 */
export function TeacherProgress({ summary }: { summary: TeacherAnswerSummary[] }) {
  const intl = useIntl();
  const types = TYPES.filter(({ type }) => summary.some((s) => s.formQuestionType === type));
  const halves = HALVES.filter(({ mid }) => summary.some((s) => s.isMidSemester === mid));
  if (summary.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="signing.progress.none" />
      </Typography>
    );
  }
  return (
    <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, paddingBottom: 8 }}>
        <FormattedMessage id="signing.progress.intro" />
      </caption>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          {types.map(({ type, label }) => (
            <TableCell key={type} scope="col" align="right" sx={{ fontWeight: 600 }}>
              <FormattedMessage id={label} />
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {halves.map(({ mid, label }) => (
          <TableRow key={String(mid)}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              <FormattedMessage id={label} />
            </TableCell>
            {types.map(({ type }) => {
              const row = summary.find((s) => s.isMidSemester === mid && s.formQuestionType === type);
              const complete = row ? row.totalAnswers >= row.totalQuestions : true;
              return (
                <TableCell key={type} align="right" sx={{ fontWeight: complete ? 400 : 600 }}>
                  {row
                    ? intl.formatMessage(
                        { id: 'signing.progress.count' },
                        { answered: row.totalAnswers, total: row.totalQuestions },
                      )
                    : '–'}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
