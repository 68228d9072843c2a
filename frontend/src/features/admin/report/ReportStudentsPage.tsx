import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { ReportMetric } from '@/api/types';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { PARTIES, PARTY_NAME } from '@/features/placement/roles';
import type { MessageId } from '@/i18n/messages';
import { useGetReportStudentsQuery } from '../api/reportApi';
import { useGetPeriodQuery } from '../api/semestersApi';
import { AdminPage } from '../components/AdminPage';
import { adminPaths } from '../paths';
import { METRIC_NAME, METRICS, SIGNING_STATES } from './reportLinks';

/**
 * `/admin/semesters/{id}/report/students?metric=…`: the students behind one
 * number of the live report, each a link to the student's page.
 */
export function ReportStudentsPage() {
  const intl = useIntl();
  const { semesterId } = useParams();
  const periodId = Number(semesterId);
  const [params] = useSearchParams();
  const period = useGetPeriodQuery(periodId);
  const students = useGetReportStudentsQuery({ periodId, query: params.toString() });
  const t = (id: MessageId) => intl.formatMessage({ id });

  const metric = METRICS.find((m): m is ReportMetric => m === params.get('metric'));
  const role = PARTIES.find((p) => p === params.get('role'));
  const state = SIGNING_STATES.find(([s]) => s === params.get('state'));
  const what = [
    metric ? t(METRIC_NAME[metric]) : null,
    role ? t(PARTY_NAME[role]) : null,
    state ? t(state[1]) : null,
    metric === 'level' && params.get('level') !== null ? t(`placement.level.${params.get('level')}` as MessageId) : null,
  ].filter((x): x is string => x !== null);

  const semesterName = period.data?.name ?? t('admin.semester.title');
  const crumbs = [
    { label: t('admin.semesters.title'), to: adminPaths.semesters },
    { label: semesterName, to: adminPaths.semester(periodId) },
    { label: t('admin.report.title'), to: adminPaths.semesterReport(periodId) },
  ];
  const codes = [...new Set(students.data?.map((s) => s.subjectCode) ?? [])];

  return (
    <AdminPage
      title={intl.formatMessage({ id: 'admin.report.drill.title' }, { what: what.join(' · ') || t('admin.report.title') })}
      crumbs={crumbs}
      subtitle={codes.length > 0 ? `${semesterName} · ${codes.join(', ')}` : semesterName}
    >
      {students.isLoading ? <Loading /> : null}
      {students.error ? (
        <LoadFailed error={students.error} message={t('admin.report.drill.failed')} retry={() => void students.refetch()} />
      ) : null}
      {students.data?.length === 0 ? <EmptyState centered>{t('admin.report.drill.empty')}</EmptyState> : null}
      {students.data && students.data.length > 0 ? (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('admin.report.drill.list')}>
            {students.data.map((s, i) => (
              <ListItem key={`${s.classId}-${s.studentUserId}`} disablePadding divider={i < (students.data?.length ?? 0) - 1}>
                <ListItemButton component={RouterLink} to={adminPaths.user(s.studentUserId)} sx={{ minHeight: 56 }}>
                  <ListItemText primary={s.displayName} secondary={s.subjectCode} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </AdminPage>
  );
}
