import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useDownloadStudentsCsvMutation, useGetPeriodClassesQuery, useGetPeriodQuery } from '../api/semestersApi';
import { useGetSubjectsQuery } from '../api/subjectsApi';
import { AdminPage } from '../components/AdminPage';
import { formatDay } from '../dates';
import { adminPaths } from '../paths';
import { AddSubjectsDialog } from './AddSubjectsDialog';
import { DeadlineRulesEditor } from './DeadlineRulesEditor';
import { STATUS_MESSAGES } from './SemestersPage';

/** The file name of a semester's report (spec §9). */
export const reportFileName = (semesterName: string) => `Student Rapport ${semesterName}.csv`;

/** `/admin/semesters/{id}`: the semester's classes, adding subjects, and the CSV report. */
export function SemesterPage() {
  const intl = useIntl();
  const { semesterId } = useParams();
  const id = Number(semesterId);
  const classesHeadingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const [adding, setAdding] = useState(false);
  const period = useGetPeriodQuery(id);
  const classes = useGetPeriodClassesQuery(id);
  const subjects = useGetSubjectsQuery();
  const [download, csv] = useDownloadStudentsCsvMutation();
  const existing = useMemo(() => new Set(classes.data?.map((c) => c.subjectId) ?? []), [classes.data]);
  const crumbs = [{ label: intl.formatMessage({ id: 'admin.semesters.title' }), to: adminPaths.semesters }];

  if (!period.data) {
    return (
      <AdminPage title={intl.formatMessage({ id: 'admin.semester.title' })} crumbs={crumbs}>
        {period.error ? (
          <LoadFailed
            error={period.error}
            message={intl.formatMessage({ id: hasStatus(period.error, 404) ? 'admin.common.notFound' : 'admin.common.loadFailed' })}
            retry={() => void period.refetch()}
          />
        ) : (
          <Loading />
        )}
      </AdminPage>
    );
  }
  const semester = period.data;

  return (
    <AdminPage
      title={semester.name}
      crumbs={crumbs}
      subtitle={`${intl.formatMessage({ id: STATUS_MESSAGES[semester.status].label })} · ${intl.formatMessage(
        { id: 'admin.semesters.dates' },
        { start: formatDay(intl, semester.startDate), end: formatDay(intl, semester.endDate) },
      )}`}
      actions={
        <>
          <Button variant="contained" startIcon={<InsightsIcon aria-hidden />} component={RouterLink} to={adminPaths.semesterReport(semester.id)}>
            <FormattedMessage id="admin.report.open" />
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon aria-hidden />}
            loading={csv.isLoading}
            onClick={() => {
              void download({ periodId: semester.id, fileName: reportFileName(semester.name) });
            }}
          >
            <FormattedMessage id="admin.semester.downloadCsv" />
          </Button>
        </>
      }
    >
      {csv.error ? (
        <Box sx={{ mb: 3 }}>
          <ErrorBox error={csv.error} message={intl.formatMessage({ id: 'admin.semester.csvFailed' })} />
        </Box>
      ) : null}
      <Box component="section" aria-labelledby={classesHeadingId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h2" id={classesHeadingId} sx={{ flexGrow: 1 }}>
            <FormattedMessage id="admin.semester.classesHeading" />
          </Typography>
          <Button
            ref={addButton}
            variant="contained"
            startIcon={<AddIcon aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!subjects.data || !classes.data}
          >
            <FormattedMessage id="admin.semester.addSubjects" />
          </Button>
        </Box>
        {classes.isLoading ? <Loading /> : null}
        {classes.error ? (
          <LoadFailed error={classes.error} message={intl.formatMessage({ id: 'admin.common.loadFailed' })} retry={() => void classes.refetch()} />
        ) : null}
        {subjects.error ? (
          <LoadFailed error={subjects.error} message={intl.formatMessage({ id: 'admin.subjects.loadFailed' })} retry={() => void subjects.refetch()} />
        ) : null}
        {classes.data?.length === 0 ? (
          <EmptyState centered>
            <FormattedMessage id="admin.semester.noClasses" />
          </EmptyState>
        ) : null}
        {classes.data && classes.data.length > 0 ? (
          <Paper variant="outlined">
            <List disablePadding>
              {classes.data.map((schoolClass, index) => (
                <ListItem key={schoolClass.id} disablePadding divider={index < (classes.data?.length ?? 0) - 1}>
                  <ListItemButton component={RouterLink} to={adminPaths.schoolClass(schoolClass.id)} sx={{ minHeight: 64 }}>
                    <ListItemText
                      primary={`${schoolClass.subject.subjectCode} – ${schoolClass.subject.name}`}
                      secondary={intl.formatMessage(
                        { id: 'admin.semester.classSummary' },
                        {
                          forms: schoolClass.forms.length,
                          end: schoolClass.endSemesterDate
                            ? formatDay(intl, schoolClass.endSemesterDate)
                            : intl.formatMessage({ id: 'admin.class.noDate' }),
                        },
                      )}
                      slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        ) : null}
      </Box>
      <DeadlineRulesEditor periodId={semester.id} />
      {adding && subjects.data ? (
        <AddSubjectsDialog
          period={semester}
          subjects={subjects.data}
          existing={existing}
          onClose={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      ) : null}
    </AdminPage>
  );
}
