import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { visuallyHidden } from '@/components/visuallyHidden';
import type { MessageId } from '@/i18n/messages';
import { belowExpected, byGroup, COLUMNS, development, hasComparison, type Column } from '../comparison';
import { ATTENTION_TEXT } from '../colors';
import { halfName, PARTY_NAME } from '../roles';
import type { FormDetail, HalfDetail, QuestionComparison } from '../types';
import { EmptyState, Loading } from '@/components/Feedback';
import { NARROWEST_PHONES, TERM_COLUMNS } from '@/theme/layout';

// The chart library is large; it loads with the first chart.
const GroupChart = lazy(() => import('./GroupChart').then((m) => ({ default: m.GroupChart })));

const COLUMN_NAME: Record<Column, MessageId> = { ...PARTY_NAME, expected: 'placement.compare.expected' };

const PARTIES_OF = ['student', 'advisor', 'teacher'] as const;

const LEVELS: MessageId[] = ['placement.level.0', 'placement.level.1', 'placement.level.2', 'placement.level.3', 'placement.level.4'];

/** A value on the scale as its label; "Ikke relevant" or "–" when there is none. */
export function levelText(intl: IntlShape, question: QuestionComparison, column: Column): string {
  const value = question[column];
  if (value === null) {
    return column !== 'expected' && question.notRelevant.includes(column)
      ? intl.formatMessage({ id: 'placement.level.notRelevant' })
      : intl.formatMessage({ id: 'placement.compare.none' });
  }
  const label = question.levels === LEVELS.length ? LEVELS[value] : undefined;
  return label
    ? intl.formatMessage({ id: label })
    : intl.formatMessage({ id: 'placement.level.of' }, { value: value + 1, levels: question.levels });
}

/**
 * The graded questions compared: what the student, the supervisor and the
 * teacher answered next to the class's expectation, per half; and a chart
 * per question group of the development from mid to end, with its numbers
 * as a table.
 */
export function Comparison({ forms }: { forms: FormDetail[] }) {
  const graded = forms.filter((form) => form.halves.some((half) => (half.questions ?? []).length > 0));
  if (graded.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="placement.compare.noGraded" />
      </EmptyState>
    );
  }
  return (
    <Stack spacing={4}>
      {graded.map((form) => (
        <FormComparison key={form.formId} form={form} />
      ))}
    </Stack>
  );
}

function defaultHalf(form: FormDetail): HalfDetail | undefined {
  const withAnswers = form.halves.filter(hasComparison);
  return withAnswers.find((half) => !half.isMidSemester) ?? withAnswers[0] ?? form.halves[0];
}

function FormComparison({ form }: { form: FormDetail }) {
  const intl = useIntl();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [assignmentId, setAssignmentId] = useState(() => defaultHalf(form)?.assignmentId ?? null);
  const half = form.halves.find((h) => h.assignmentId === assignmentId) ?? form.halves[0];
  const groups = development(form);
  const bothHalves = form.halves.length > 1;

  return (
    <Box>
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem', mb: 1.5 }}>
        {form.name}
      </Typography>
      {bothHalves ? (
        <ToggleButtonGroup
          exclusive
          value={half?.assignmentId ?? null}
          onChange={(_event, value: number | null) => {
            if (value !== null) setAssignmentId(value);
          }}
          aria-label={intl.formatMessage({ id: 'placement.compare.halfChoice' }, { form: form.name })}
          sx={{ mb: 2 }}
        >
          {form.halves.map((h) => (
            <ToggleButton key={h.assignmentId} value={h.assignmentId} sx={{ minHeight: 44, px: { xs: 2, sm: 2.5 } }}>
              {intl.formatMessage({ id: halfName(h.isMidSemester) })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {half ? <HalfTable form={form} half={half} /> : null}

      {bothHalves && groups.length > 0 ? (
        <Development narrow={narrow}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // minmax(0, …): a chart and its table take the width there is
              // rather than push a phone's page sideways.
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {groups.map((group) => (
              <Paper
                key={group.name}
                variant="outlined"
                component="figure"
                // On a phone a box inside the folded section's box would
                // leave the table too little width; the caption sets it off.
                sx={(theme) => ({ m: 0, p: 2, [theme.breakpoints.down('sm')]: { border: 'none', p: 0 } })}
              >
                <Typography component="figcaption" sx={{ fontWeight: 600, mb: 1 }}>
                  {group.name}
                </Typography>
                <Suspense fallback={<Loading compact />}>
                  <GroupChart group={group} />
                </Suspense>
                <DevelopmentTable group={group} />
              </Paper>
            ))}
          </Box>
        </Development>
      ) : null}
    </Box>
  );
}

/** The development charts: open on wide screens, folded away on a phone to keep the page short. */
function Development({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  const intl = useIntl();
  const help = (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
      <FormattedMessage id="placement.compare.developmentHelp" />
    </Typography>
  );
  if (narrow) {
    return (
      <Accordion disableGutters variant="outlined" sx={{ mt: 3, '&:before': { display: 'none' } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden />} sx={{ minHeight: 52 }}>
          <Typography component="h4" sx={{ fontWeight: 700 }}>
            {intl.formatMessage({ id: 'placement.compare.developmentTitle' })}
          </Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ px: { xs: 1, sm: 2 } }}>
          {help}
          {children}
        </AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Box sx={{ mt: 3 }}>
      <Typography component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
        {intl.formatMessage({ id: 'placement.compare.developmentTitle' })}
      </Typography>
      {help}
      {children}
    </Box>
  );
}

function HalfTable({ form, half }: { form: FormDetail; half: HalfDetail }) {
  const intl = useIntl();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const groups = byGroup(half.questions ?? []);
  const caption = intl.formatMessage(
    { id: 'placement.compare.caption' },
    { form: form.name, half: intl.formatMessage({ id: halfName(half.isMidSemester) }) },
  );
  if (!hasComparison(half)) {
    return (
      <EmptyState>
        <FormattedMessage id="placement.compare.nothingYet" />
      </EmptyState>
    );
  }

  if (narrow) {
    return (
      <Box role="group" aria-label={caption}>
        {groups.map((group) => {
          const below = group.questions.filter((q) => PARTIES_OF.some((party) => belowExpected(q, party))).length;
          return (
            <Accordion key={group.name} disableGutters variant="outlined" sx={{ '&:before': { display: 'none' } }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden />} sx={{ minHeight: 52 }}>
                <Box>
                  <Typography component="h4" sx={{ fontWeight: 700 }}>
                    {group.name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: below > 0 ? ATTENTION_TEXT : 'text.secondary' }}>
                    {intl.formatMessage({ id: 'placement.compare.groupSummary' }, { count: group.questions.length, below })}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
                <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {group.questions.map((question) => (
                    <Paper component="li" key={question.formQuestionId} variant="outlined" sx={{ p: 1.5 }}>
                      <Typography sx={{ mb: 1 }}>{question.text}</Typography>
                      <Box
                        component="dl"
                        sx={{ m: 0, display: 'grid', gridTemplateColumns: TERM_COLUMNS, columnGap: 1.5, rowGap: 0.5 }}
                      >
                        {COLUMNS.map((column) => (
                          <ValuePair key={column} question={question} column={column} />
                        ))}
                      </Box>
                    </Paper>
                  ))}
                </Stack>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <FormattedMessage id="placement.compare.question" />
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} scope="col" sx={{ whiteSpace: 'nowrap' }}>
                {intl.formatMessage({ id: COLUMN_NAME[column] })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.flatMap((group) => [
            <TableRow key={`g-${group.name}`} sx={{ bgcolor: 'action.hover' }}>
              <TableCell component="th" scope="colgroup" colSpan={COLUMNS.length + 1} sx={{ fontWeight: 700 }}>
                {group.name}
              </TableCell>
            </TableRow>,
            ...group.questions.map((question) => (
              <TableRow key={question.formQuestionId}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 400, maxWidth: 420 }}>
                  {question.text}
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <Value question={question} column={column} />
                  </TableCell>
                ))}
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Value({ question, column }: { question: QuestionComparison; column: Column }) {
  const intl = useIntl();
  const below = column !== 'expected' && belowExpected(question, column);
  return (
    <Box
      component="span"
      sx={{
        // Inline, not a flex box, so that a long level ('Delvis
        // selvstendig') wraps beside its arrow on a narrow phone.
        '& svg': { verticalAlign: '-0.125em', mr: 0.5 },
        fontWeight: below ? 700 : 400,
        color: below ? ATTENTION_TEXT : column === 'expected' ? 'text.secondary' : 'text.primary',
      }}
    >
      {below ? <ArrowDownwardIcon aria-hidden fontSize="inherit" /> : null}
      {levelText(intl, question, column)}
      {below ? (
        <Box component="span" sx={visuallyHidden}>
          {` (${intl.formatMessage({ id: 'placement.compare.below' })})`}
        </Box>
      ) : null}
    </Box>
  );
}

function ValuePair({ question, column }: { question: QuestionComparison; column: Column }) {
  const intl = useIntl();
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {intl.formatMessage({ id: COLUMN_NAME[column] })}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        <Value question={question} column={column} />
      </Typography>
    </>
  );
}

function DevelopmentTable({ group }: { group: ReturnType<typeof development>[number] }) {
  const intl = useIntl();
  const number = (value: number | null) =>
    value === null ? intl.formatMessage({ id: 'placement.compare.none' }) : intl.formatNumber(value, { maximumFractionDigits: 1 });
  return (
    <Table
      size="small"
      // Narrower cells and type on a phone, where the column names ('End of
      // placement') wrap, so that the table stays in its figure at 320 px.
      sx={{
        mt: 1,
        '& th, & td': {
          px: { xs: 1, sm: 2 },
          fontSize: { xs: '0.8125rem', sm: '0.875rem' },
          hyphens: 'auto',
          [NARROWEST_PHONES]: { px: 0.5 },
        },
      }}
    >
      <Box component="caption" sx={visuallyHidden}>
        {intl.formatMessage({ id: 'placement.compare.developmentCaption' }, { group: group.name, max: group.levels - 1 })}
      </Box>
      <TableHead>
        <TableRow>
          <TableCell scope="col">
            <FormattedMessage id="placement.compare.who" />
          </TableCell>
          <TableCell scope="col" align="right">
            <FormattedMessage id="placement.half.mid" />
          </TableCell>
          <TableCell scope="col" align="right">
            <FormattedMessage id="placement.half.end" />
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {COLUMNS.map((column) => (
          <TableRow key={column}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
              {intl.formatMessage({ id: COLUMN_NAME[column] })}
            </TableCell>
            <TableCell align="right">{number(group.mid[column])}</TableCell>
            <TableCell align="right">{number(group.end[column])}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
