import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { ClassReport, ReportAreaLevels, ReportMetric } from '@/api/types';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { visuallyHidden } from '@/components/visuallyHidden';
import { halfName, PARTIES, PARTY_NAME } from '@/features/placement/roles';
import type { MessageId } from '@/i18n/messages';
import { useLanguage } from '@/i18n/useLanguage';
import { useDownloadReportCsvMutation, useGetSemesterReportQuery } from '../api/reportApi';
import { useGetPeriodClassesQuery, useGetPeriodQuery } from '../api/semestersApi';
import { AdminPage } from '../components/AdminPage';
import { adminPaths } from '../paths';
import { drillQuery, SIGNING_STATES, type DrillExtra } from './reportLinks';

const LEVELS: MessageId[] = ['placement.level.0', 'placement.level.1', 'placement.level.2', 'placement.level.3', 'placement.level.4'];

/** The file name of the live report's CSV. */
export const liveReportFileName = (semesterName: string) => `Rapport ${semesterName}.csv`;

/** A number of the report as a link to the students behind it, named by what it counts. */
function NumberLink({ to, count, what }: { to: string; count: number; what: string }) {
  const intl = useIntl();
  return (
    <Link
      component={RouterLink}
      to={to}
      aria-label={intl.formatMessage({ id: 'admin.report.linkLabel' }, { count, what })}
      sx={{ color: 'inherit', fontWeight: 600, display: 'inline-block', minWidth: 24, py: 0.5 }}
    >
      {count}
    </Link>
  );
}

interface ClassProps {
  cls: ClassReport;
  periodId: number;
}

/**
 * What a part of a class's report needs: the texts, and the drill-down
 * address of one of the class's numbers.
 */
function useClassPart({ cls, periodId }: ClassProps) {
  const intl = useIntl();
  return {
    intl,
    t: (id: MessageId) => intl.formatMessage({ id }),
    drill: (metric: ReportMetric, extra?: DrillExtra) => adminPaths.reportStudents(periodId, drillQuery(cls.classId, metric, extra)),
  };
}

/** A visible table caption above its table. */
const CAPTION_STYLE = { captionSide: 'top', textAlign: 'left', padding: '4px 0', fontWeight: 600 } as const;

/** A small table of named numbers: what is counted and how many. */
function CountTable({ caption, rows }: { caption: string; rows: { label: string; count: number; to: string }[] }) {
  const intl = useIntl();
  return (
    // Its own scrolling box: on a narrow phone a long label must not widen the page.
    <TableContainer sx={{ width: 'auto', maxWidth: '100%' }}>
      <Table size="small">
      <caption style={CAPTION_STYLE}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{intl.formatMessage({ id: 'admin.report.what' })}</TableCell>
          <TableCell scope="col" align="right">
            {intl.formatMessage({ id: 'admin.report.count' })}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.label}>
            <TableCell component="th" scope="row">
              {r.label}
            </TableCell>
            <TableCell align="right">
              <NumberLink to={r.to} count={r.count} what={`${caption}: ${r.label}`} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Delivered, late and missing per assignment and role. */
function AssessmentsTable({ cls, periodId }: ClassProps) {
  const { intl, t, drill } = useClassPart({ cls, periodId });
  if (cls.assessments.length === 0) {
    return <EmptyState>{t('admin.report.noAssessments')}</EmptyState>;
  }
  return (
    // Positioned, so that the texts for screen readers only scroll and clip with the table.
    <TableContainer sx={{ position: 'relative' }}>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {t('admin.report.assessments')}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('admin.report.assessment')}</TableCell>
            <TableCell scope="col">{t('admin.report.role')}</TableCell>
            <TableCell scope="col" align="right">
              {t('admin.report.delivered')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('admin.report.late')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('admin.report.missing')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cls.assessments.flatMap((a) => {
            const half = intl.formatMessage({ id: halfName(a.isMidSemester) }).toLowerCase();
            const name = intl.formatMessage({ id: 'admin.report.assessmentName' }, { form: a.formName, half });
            return PARTIES.map((role, i) => {
              const counts = a[role];
              const who = `${name}, ${t(PARTY_NAME[role])}`;
              const extra = { formId: a.formId, half: a.isMidSemester ? 'mid' : 'end', role };
              return (
                <TableRow key={`${a.formId}-${a.isMidSemester}-${role}`}>
                  {i === 0 ? (
                    <TableCell component="th" scope="rowgroup" rowSpan={PARTIES.length} sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                      {name}
                    </TableCell>
                  ) : null}
                  <TableCell>{t(PARTY_NAME[role])}</TableCell>
                  <TableCell align="right">
                    <NumberLink to={drill('delivered', extra)} count={counts.delivered} what={`${who}: ${t('admin.report.delivered')}`} />
                  </TableCell>
                  <TableCell align="right">
                    {counts.late === null ? (
                      <span title={t('admin.report.noDeadline')}>
                        <span aria-hidden>–</span>
                        <Box component="span" sx={visuallyHidden}>
                          {t('admin.report.noDeadline')}
                        </Box>
                      </span>
                    ) : (
                      <NumberLink to={drill('late', extra)} count={counts.late} what={`${who}: ${t('admin.report.late')}`} />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <NumberLink to={drill('missing', extra)} count={counts.missing} what={`${who}: ${t('admin.report.missing')}`} />
                  </TableCell>
                </TableRow>
              );
            });
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The end levels per area as a heat map: every cell shows its number, the shade only repeats it. */
function HeatMap({ cls, periodId }: ClassProps) {
  const { intl, t, drill } = useClassPart({ cls, periodId });
  const most = Math.max(1, ...cls.areas.flatMap((a) => [...a.levels, a.notRelevant]));
  const columns = Math.max(0, ...cls.areas.map((a) => a.levels.length));
  const levelName = (i: number) => {
    const id = columns === LEVELS.length ? LEVELS[i] : undefined;
    return id ? t(id) : intl.formatMessage({ id: 'placement.level.of' }, { value: i + 1, levels: columns });
  };
  const cell = (area: ReportAreaLevels, key: string, count: number, label: string, to: string) => (
    <TableCell
      key={key}
      align="center"
      sx={{ bgcolor: (theme) => alpha(theme.palette.primary.main, count === 0 ? 0 : 0.08 + (0.37 * count) / most) }}
    >
      <NumberLink to={to} count={count} what={`${area.name}: ${label}`} />
    </TableCell>
  );
  return (
    <TableContainer sx={{ flex: '2 1 360px', minWidth: 0 }}>
      <Table size="small">
        <caption style={CAPTION_STYLE}>{t('admin.report.heatCaption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('admin.report.area')}</TableCell>
            {Array.from({ length: columns }, (_, i) => (
              <TableCell key={i} scope="col" align="center">
                {levelName(i)}
              </TableCell>
            ))}
            <TableCell scope="col" align="center">
              {t('placement.level.notRelevant')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cls.areas.map((a) => {
            const extra = { formId: a.formId, groupId: a.groupId };
            return (
              <TableRow key={`${a.formId}-${a.groupId}`}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {a.name}
                </TableCell>
                {Array.from({ length: columns }, (_, i) =>
                  cell(a, String(i), a.levels[i] ?? 0, levelName(i), drill('level', { ...extra, level: i })),
                )}
                {cell(a, 'nr', a.notRelevant, t('placement.level.notRelevant'), drill('notRelevant', extra))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The end levels per area against the class's expectations. */
function ExpectationTable({ cls, periodId }: ClassProps) {
  const { t, drill } = useClassPart({ cls, periodId });
  const columns = [
    ['belowExpected', 'admin.report.below'],
    ['meetsExpected', 'admin.report.meets'],
    ['noExpectation', 'admin.report.noExpectation'],
  ] as const;
  return (
    <TableContainer sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <Table size="small">
        <caption style={CAPTION_STYLE}>{t('admin.report.expectCaption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('admin.report.area')}</TableCell>
            {columns.map(([, id]) => (
              <TableCell key={id} scope="col" align="right">
                {t(id)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {cls.areas.map((a) => (
            <TableRow key={`${a.formId}-${a.groupId}`}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {a.name}
              </TableCell>
              {columns.map(([metric, id]) => (
                <TableCell key={metric} align="right">
                  <NumberLink
                    to={drill(metric, { formId: a.formId, groupId: a.groupId })}
                    count={a[metric]}
                    what={`${a.name}: ${t(id)}`}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A heading of a class's part of the report. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, minWidth: 0 }}>
      <Typography variant="h3" id={id} sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One class of the report: its students, assessments, follow-up and competence areas. */
function ClassSection({ cls, periodId }: ClassProps) {
  const { intl, t, drill } = useClassPart({ cls, periodId });
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 3, minWidth: 0 }}>
      <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {cls.subjectCode} – {cls.subjectName}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>
        <NumberLink to={drill('students')} count={cls.students} what={`${cls.subjectCode}: ${t('admin.report.studentsHeading')}`} />{' '}
        {intl.formatMessage({ id: 'admin.report.studentCount' }, { count: cls.students })}
      </Typography>
      <Part title={t('admin.report.assessments')}>
        <AssessmentsTable cls={cls} periodId={periodId} />
      </Part>
      <Part title={t('admin.report.followUp')}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, '& > *': { minWidth: 0 } }}>
          <CountTable
            caption={t('admin.report.warnings')}
            rows={[
              { label: t('admin.report.warningGiven'), count: cls.warnings.given, to: drill('warningGiven') },
              { label: t('admin.report.warningConfirmed'), count: cls.warnings.confirmed, to: drill('warningConfirmed') },
            ]}
          />
          <CountTable
            caption={t('admin.report.signing')}
            rows={SIGNING_STATES.map(([state, id]) => ({ label: t(id), count: cls.signing[state], to: drill('signing', { state }) }))}
          />
          <CountTable
            caption={t('admin.report.results')}
            rows={[
              { label: t('admin.report.passed'), count: cls.results.passed, to: drill('passed') },
              { label: t('admin.report.failed'), count: cls.results.failed, to: drill('failed') },
              { label: t('admin.report.pending'), count: cls.results.pending, to: drill('pending') },
            ]}
          />
        </Stack>
      </Part>
      <Part title={t('admin.report.areas')}>
        {cls.areas.length === 0 ? (
          <EmptyState>{t('admin.report.noAreas')}</EmptyState>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
            <HeatMap cls={cls} periodId={periodId} />
            <ExpectationTable cls={cls} periodId={periodId} />
          </Stack>
        )}
      </Part>
    </Paper>
  );
}

/** A positive whole number from the query string, or 0. */
const idParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * `/admin/semesters/{id}/report`: the semester's live report per class,
 * filtered by subject and class (kept in the address), every number a link
 * to its students, and the CSV of what is shown.
 */
export function ReportPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { semesterId } = useParams();
  const periodId = Number(semesterId);
  const [params, setParams] = useSearchParams();
  const subjectId = idParam(params.get('subjectId'));
  const classId = idParam(params.get('classId'));
  const period = useGetPeriodQuery(periodId);
  const classes = useGetPeriodClassesQuery(periodId);
  const report = useGetSemesterReportQuery({ periodId, subjectId, classId });
  const [download, csv] = useDownloadReportCsvMutation();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const subjects = useMemo(() => {
    const seen = new Map<number, string>();
    for (const c of classes.data ?? []) seen.set(c.subjectId, `${c.subject.subjectCode} – ${c.subject.name}`);
    return [...seen];
  }, [classes.data]);
  const classOptions = (classes.data ?? []).filter((c) => subjectId === 0 || c.subjectId === subjectId);

  const setFilter = (key: 'subjectId' | 'classId', value: number) => {
    const next = new URLSearchParams(params);
    if (value > 0) next.set(key, String(value));
    else next.delete(key);
    // A class of another subject no longer fits the subject chosen.
    if (key === 'subjectId') next.delete('classId');
    setParams(next, { replace: true });
  };

  const crumbs = [
    { label: t('admin.semesters.title'), to: adminPaths.semesters },
    ...(period.data ? [{ label: period.data.name, to: adminPaths.semester(periodId) }] : []),
  ];
  const title = period.data ? intl.formatMessage({ id: 'admin.report.titleOf' }, { semester: period.data.name }) : t('admin.report.title');

  if (period.error) {
    return (
      <AdminPage title={title} crumbs={crumbs}>
        <LoadFailed
          error={period.error}
          message={t(hasStatus(period.error, 404) ? 'admin.common.notFound' : 'admin.common.loadFailed')}
          retry={() => void period.refetch()}
        />
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={title}
      crumbs={crumbs}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon aria-hidden />}
          loading={csv.isLoading}
          disabled={!period.data}
          onClick={() => {
            if (period.data) {
              void download({ periodId, subjectId, classId, lang: language, fileName: liveReportFileName(period.data.name) });
            }
          }}
        >
          <FormattedMessage id="admin.report.downloadCsv" />
        </Button>
      }
    >
      {csv.error ? (
        <Box sx={{ mb: 3 }}>
          <ErrorBox error={csv.error} message={t('admin.report.csvFailed')} />
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          label={t('admin.report.subject')}
          value={subjectId}
          onChange={(e) => setFilter('subjectId', Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={0}>{t('admin.report.all')}</MenuItem>
          {subjects.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('admin.report.class')}
          value={classOptions.some((c) => c.id === classId) ? classId : 0}
          onChange={(e) => setFilter('classId', Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={0}>{t('admin.report.all')}</MenuItem>
          {classOptions.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {`${c.subject.subjectCode} – ${c.subject.name}`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {report.isFetching && !report.data ? <Loading /> : null}
      {report.error ? (
        <LoadFailed error={report.error} message={t('admin.common.loadFailed')} retry={() => void report.refetch()} />
      ) : null}
      {report.data?.classes.length === 0 ? (
        <EmptyState centered>{t(subjectId || classId ? 'admin.report.noneMatch' : 'admin.report.noClasses')}</EmptyState>
      ) : null}
      {report.data?.classes.map((cls) => (
        <ClassSection key={cls.classId} cls={cls} periodId={periodId} />
      ))}
    </AdminPage>
  );
}
