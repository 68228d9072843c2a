import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ProgressArea, ProgressPlacement } from '@/api/types';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useToast } from '@/components/toast/useToast';
import { useSession } from '@/features/auth/SessionProvider';
import { Page, Section } from '@/features/placement/components/Layout';
import { halfName, PARTIES, PARTY_NAME } from '@/features/placement/roles';
import type { MessageId } from '@/i18n/messages';
import { useFetchProgressRecordPdfMutation, useGetProgressRecordQuery, useSetProgressSharingMutation } from './progressApi';

// The chart library is large; it loads with the first chart.
const ProgressChart = lazy(() => import('./ProgressChart').then((m) => ({ default: m.ProgressChart })));

const LEVELS: MessageId[] = ['placement.level.0', 'placement.level.1', 'placement.level.2', 'placement.level.3', 'placement.level.4'];

type Cell = ProgressArea['questions'][number]['cells'][number];

/** A cell's level for a role (or the expectation) as its label. */
function levelText(intl: IntlShape, cell: Cell, column: 'student' | 'advisor' | 'teacher' | 'expected'): string {
  const value = cell[column];
  if (value === null) {
    return column !== 'expected' && cell.notRelevant.includes(column)
      ? intl.formatMessage({ id: 'placement.level.notRelevant' })
      : intl.formatMessage({ id: 'placement.compare.none' });
  }
  const label = cell.levels === LEVELS.length ? LEVELS[value] : undefined;
  return label
    ? intl.formatMessage({ id: label })
    : intl.formatMessage({ id: 'placement.level.of' }, { value: value + 1, levels: cell.levels });
}

const placementLabel = (p: ProgressPlacement) => `${p.subjectCode} ${p.periodName}`;

/** One area's questions, as a table per question: every placement and half by role, with the expectation. */
function AreaTables({ area, placements }: { area: ProgressArea; placements: Map<number, ProgressPlacement> }) {
  const intl = useIntl();
  return (
    <Stack spacing={2}>
      {area.questions.map((q) => (
        <TableContainer key={q.text}>
          <Table size="small">
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0', fontWeight: 600 }}>{q.text}</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">
                  <FormattedMessage id="progress.placement" />
                </TableCell>
                {PARTIES.map((party) => (
                  <TableCell key={party} scope="col">
                    <FormattedMessage id={PARTY_NAME[party]} />
                  </TableCell>
                ))}
                <TableCell scope="col">
                  <FormattedMessage id="placement.compare.expected" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.cells.map((cell) => {
                const p = placements.get(cell.classId);
                return (
                  <TableRow key={`${cell.classId}-${cell.isMidSemester}-${cell.questionId}`}>
                    <TableCell component="th" scope="row">
                      {p ? placementLabel(p) : ''}, {intl.formatMessage({ id: halfName(cell.isMidSemester) }).toLowerCase()}
                    </TableCell>
                    {PARTIES.map((party) => (
                      <TableCell key={party}>{levelText(intl, cell, party)}</TableCell>
                    ))}
                    <TableCell>{levelText(intl, cell, 'expected')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ))}
    </Stack>
  );
}

/** The student's share toggle: sharing and taking it back both ask first. */
function SharingToggle({ sharedAt }: { sharedAt: string | null }) {
  const intl = useIntl();
  const toast = useToast();
  const [setSharing, { isLoading }] = useSetProgressSharingMutation();
  const [asking, setAsking] = useState(false);
  const shared = sharedAt !== null;
  const confirm = () => {
    setSharing(!shared)
      .unwrap()
      .then(
        () => setAsking(false),
        (error: unknown) => toast.error(error),
      );
  };
  return (
    <Section title={intl.formatMessage({ id: 'progress.sharing.title' })} description={intl.formatMessage({ id: 'progress.sharing.intro' })}>
      <FormControlLabel
        control={<Switch checked={shared} onChange={() => setAsking(true)} />}
        label={intl.formatMessage({ id: 'progress.sharing.toggle' })}
      />
      {shared ? (
        <Typography sx={{ mt: 1 }}>
          <FormattedMessage id="progress.sharing.since" values={{ date: intl.formatDate(sharedAt, { dateStyle: 'long' }) }} />
        </Typography>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={intl.formatMessage({ id: shared ? 'progress.sharing.stopTitle' : 'progress.sharing.startTitle' })}
        confirmLabel={intl.formatMessage({ id: shared ? 'progress.sharing.stop' : 'progress.sharing.start' })}
        busy={isLoading}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <FormattedMessage id={shared ? 'progress.sharing.stopText' : 'progress.sharing.startText'} />
      </ConfirmDialog>
    </Section>
  );
}

/** Whose record a teacher opens, and the way back to that student's page. */
export interface OtherStudent {
  studentId: number;
  back: { to: string; label: string };
}

/**
 * `/student/progress`: the student's levels in every competence area across
 * all placements, as a chart for the eye and the same levels as tables; the
 * questions that could not be matched between forms apart; the choice to
 * share earlier end results with the current teacher and supervisors; and
 * the record as a PDF. With `other`, a teacher's view of a student's record:
 * what the server shows them (earlier placements only when the student
 * shares them), without the student's choice.
 */
export function ProgressPage({ other }: { other?: OtherStudent }) {
  const intl = useIntl();
  const toast = useToast();
  const { user } = useSession();
  const studentId = other?.studentId ?? user.id;
  const { data, isLoading, error, refetch } = useGetProgressRecordQuery(studentId);
  const [fetchPdf, { isLoading: pdfBusy }] = useFetchProgressRecordPdfMutation();
  const openPdf = () => {
    const tab = window.open('', '_blank');
    fetchPdf(studentId)
      .unwrap()
      .then(
        (url) => {
          if (tab && !tab.closed) tab.location.href = url;
          else window.location.assign(url);
        },
        (e: unknown) => {
          tab?.close();
          toast.error(e);
        },
      );
  };
  const title =
    other && data ? intl.formatMessage({ id: 'progress.titleOf' }, { name: data.studentName }) : intl.formatMessage({ id: 'progress.title' });
  const back = other?.back;
  if (isLoading) return <Page title={title} back={back}><Loading /></Page>;
  if (error || !data)
    return (
      <Page title={title} back={back}>
        <LoadFailed error={error} message={intl.formatMessage({ id: 'progress.loadFailed' })} retry={() => void refetch()} />
      </Page>
    );
  const placements = new Map(data.placements.map((p) => [p.classId, p]));
  const points = data.placements.map((p) => ({ classId: p.classId, label: placementLabel(p) }));
  const areas = (list: ProgressArea[]) =>
    list.map((area) => (
      <Section key={area.name} title={area.name} level={3}>
        <Stack spacing={2}>
          {data.placements.length > 1 ? (
            <Suspense fallback={<Loading compact />}>
              <ProgressChart area={area} placements={points} />
            </Suspense>
          ) : null}
          <AreaTables area={area} placements={placements} />
        </Stack>
      </Section>
    ));
  return (
    <Page
      title={title}
      back={back}
      actions={
        <Button variant="outlined" startIcon={<DownloadIcon aria-hidden />} onClick={openPdf} disabled={pdfBusy}>
          <FormattedMessage id="progress.pdf" />
        </Button>
      }
    >
      <Typography sx={{ maxWidth: '60ch' }}>
        <FormattedMessage id={other ? 'progress.introOther' : 'progress.intro'} />
      </Typography>
      {other ? (
        <Alert severity="info">
          <FormattedMessage id={data.sharedAt === null ? 'progress.otherNotShared' : 'progress.otherShared'} />
        </Alert>
      ) : (
        <SharingToggle sharedAt={data.sharedAt} />
      )}
      {data.areas.length === 0 && data.unmatched.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="progress.empty" />
        </EmptyState>
      ) : null}
      {areas(data.areas)}
      {data.unmatched.length > 0 ? (
        <>
          <Alert severity="info">
            <FormattedMessage id="progress.unmatched" />
          </Alert>
          {areas(data.unmatched)}
        </>
      ) : null}
    </Page>
  );
}
