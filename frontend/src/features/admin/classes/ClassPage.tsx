import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import {
  useGetClassQuery,
  useGetClassUsersQuery,
  useSetClassFormsMutation,
  useUpdateClassDatesMutation,
} from '../api/classesApi';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useGetFormsQuery } from '../api/formsApi';
import { AdminPage, type Crumb } from '../components/AdminPage';
import { fieldErrors, onlyFieldErrors } from '../errors';
import { adminPaths } from '../paths';
import type { Person, SchoolClass } from '../types';
import { checkClassDates } from './classDates';
import { ClassDeadlinesSection, LateSection } from './ClassDeadlines';
import { Section } from './Section';

/** The state a link to the expectation view carries: where to go back to. */
export interface ReturnState {
  from: string;
}

/** The name of a class: subject code and name. */
export const className = (schoolClass: SchoolClass) => `${schoolClass.subject.subjectCode} – ${schoolClass.subject.name}`;

/** Breadcrumbs down to a class: semesters, its semester. */
export function classCrumbs(intl: ReturnType<typeof useIntl>, schoolClass: SchoolClass | undefined): Crumb[] {
  const crumbs: Crumb[] = [{ label: intl.formatMessage({ id: 'admin.semesters.title' }), to: adminPaths.semesters }];
  if (schoolClass) crumbs.push({ label: schoolClass.period.name, to: adminPaths.semester(schoolClass.periodId) });
  return crumbs;
}

/**
 * `/admin/class/{id}`: the class's mid- and end-semester dates, its forms,
 * its deadlines (the semester's, or the class's own), what is late, links to the expectations per form and half, and its teachers, students
 * and supervisors.
 */
export function ClassPage() {
  const intl = useIntl();
  const { classId } = useParams();
  const id = Number(classId);
  const schoolClass = useGetClassQuery(id);

  if (!schoolClass.data) {
    return (
      <AdminPage title={intl.formatMessage({ id: 'admin.class.title' })} crumbs={classCrumbs(intl, undefined)}>
        {schoolClass.error ? (
          <LoadFailed
            error={schoolClass.error}
            message={intl.formatMessage({
              id: hasStatus(schoolClass.error, 404) ? 'admin.common.notFound' : 'admin.common.loadFailed',
            })}
            retry={() => void schoolClass.refetch()}
          />
        ) : (
          <Loading />
        )}
      </AdminPage>
    );
  }
  const data = schoolClass.data;
  return (
    <AdminPage title={className(data)} crumbs={classCrumbs(intl, data)} subtitle={data.period.name}>
      <Stack spacing={3}>
        <DatesSection key={`dates-${data.id}`} schoolClass={data} />
        <FormsSection key={`forms-${data.id}`} schoolClass={data} />
        <ClassDeadlinesSection schoolClass={data} />
        <LateSection schoolClass={data} />
        <ExpectationsSection schoolClass={data} />
        <PeopleSection schoolClass={data} />
      </Stack>
    </AdminPage>
  );
}

/** Mid- and end-semester dates, checked against the semester before they are sent. */
function DatesSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const toast = useToast();
  const fieldId = useId();
  const [mid, setMid] = useState(schoolClass.midSemesterDate ?? '');
  const [end, setEnd] = useState(schoolClass.endSemesterDate ?? '');
  const [checked, setChecked] = useState(false);
  const [update, { isLoading, error, reset }] = useUpdateClassDatesMutation();
  const problems = checkClassDates(mid, end, schoolClass.period);
  const server = fieldErrors(error);
  const midError = checked && problems.mid ? intl.formatMessage({ id: problems.mid }) : server.midSemesterDate;
  const endError = checked && problems.end ? intl.formatMessage({ id: problems.end }) : server.endSemesterDate;
  const range = { min: schoolClass.period.startDate, max: schoolClass.period.endDate };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setChecked(true);
    reset();
    if (problems.mid || problems.end) {
      document.getElementById(problems.mid ? `${fieldId}-mid` : `${fieldId}-end`)?.focus();
      return;
    }
    update({ id: schoolClass.id, midSemesterDate: mid || null, endSemesterDate: end || null })
      .unwrap()
      .then(toast.saved, () => undefined);
  };

  return (
    <Section
      title={<FormattedMessage id="admin.class.datesHeading" />}
      intro={<FormattedMessage id="admin.class.datesIntro" />}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 560 }}>
          <TextField
            id={`${fieldId}-mid`}
            type="date"
            label={intl.formatMessage({ id: 'admin.class.midDate' })}
            value={mid}
            onChange={(event) => setMid(event.target.value)}
            error={Boolean(midError)}
            helperText={midError}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: range }}
          />
          <TextField
            id={`${fieldId}-end`}
            type="date"
            label={intl.formatMessage({ id: 'admin.class.endDate' })}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={Boolean(endError)}
            helperText={endError}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: range }}
          />
        </Box>
        {error && !onlyFieldErrors(error, ['midSemesterDate', 'endSemesterDate']) ? (
          <Box sx={{ mt: 2 }}>
            <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
          </Box>
        ) : null}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={isLoading}>
          <FormattedMessage id="admin.class.saveDates" />
        </Button>
      </Box>
    </Section>
  );
}

/** The forms the class uses, chosen from every form. */
function FormsSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const toast = useToast();
  const forms = useGetFormsQuery();
  const [chosen, setChosen] = useState<number[]>(schoolClass.forms.map((form) => form.id));
  const [save, { isLoading, error }] = useSetClassFormsMutation();
  const dirty =
    [...chosen].sort((a, b) => a - b).join(',') !== schoolClass.forms.map((form) => form.id).sort((a, b) => a - b).join(',');

  return (
    <Section title={<FormattedMessage id="admin.class.formsHeading" />} intro={<FormattedMessage id="admin.class.formsIntro" />}>
      {forms.isLoading ? <Loading /> : null}
      {forms.error ? <LoadFailed error={forms.error} retry={() => void forms.refetch()} /> : null}
      {forms.data ? (
        <Box
          component="form"
          onSubmit={(event: SyntheticEvent) => {
            event.preventDefault();
            save({ id: schoolClass.id, formIds: chosen }).unwrap().then(toast.saved, () => undefined);
          }}
        >
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              <FormattedMessage id="admin.class.chooseForms" />
            </Typography>
            {forms.data.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="admin.class.noFormsExist" />
              </Typography>
            ) : null}
            <FormGroup>
              {forms.data.map((form) => (
                <FormControlLabel
                  key={form.id}
                  sx={{ py: 0.25 }}
                  control={
                    <Checkbox
                      checked={chosen.includes(form.id)}
                      onChange={(event) =>
                        setChosen((current) =>
                          event.target.checked ? [...current, form.id] : current.filter((other) => other !== form.id),
                        )
                      }
                    />
                  }
                  label={
                    <>
                      {form.name}
                      {form.isMainForm ? (
                        <Chip size="small" label={intl.formatMessage({ id: 'admin.forms.main' })} sx={{ ml: 1 }} />
                      ) : null}
                    </>
                  }
                />
              ))}
            </FormGroup>
          </Box>
          {error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorBox error={error} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} />
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <Button type="submit" variant="contained" loading={isLoading}>
              <FormattedMessage id="admin.class.saveForms" />
            </Button>
            {dirty ? (
              <Typography sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="admin.common.unsaved" />
              </Typography>
            ) : null}
          </Box>
        </Box>
      ) : null}
    </Section>
  );
}

/** A link to the expectation view for each form and half the class uses. */
function ExpectationsSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const location = useLocation();
  const state: ReturnState = { from: location.pathname };
  const assignments = schoolClass.assignments
    .flatMap((assignment) => {
      const form = assignment.forms.find((f) => f.id === assignment.formId) ?? assignment.forms[0];
      return form ? [{ assignment, form }] : [];
    })
    .sort(
      (a, b) =>
        Number(b.form.isMainForm) - Number(a.form.isMainForm) ||
        a.form.name.localeCompare(b.form.name) ||
        Number(b.assignment.isMidSemester) - Number(a.assignment.isMidSemester),
    );
  return (
    <Section
      title={<FormattedMessage id="admin.class.expectationsHeading" />}
      intro={<FormattedMessage id="admin.class.expectationsIntro" />}
    >
      {assignments.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.class.noForms" />
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { py: 0.75 } }}>
          {assignments.map(({ assignment, form }) => (
            <li key={assignment.id}>
              <Link
                component={RouterLink}
                to={adminPaths.expectations(schoolClass.id, form.id, assignment.id)}
                state={state}
              >
                {intl.formatMessage(
                  { id: assignment.isMidSemester ? 'admin.class.expectationMid' : 'admin.class.expectationEnd' },
                  { form: form.name },
                )}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** Teachers, students and supervisors of the class. */
function PeopleSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const users = useGetClassUsersQuery(schoolClass.id);
  return (
    <Section title={<FormattedMessage id="admin.class.peopleHeading" />} intro={<FormattedMessage id="admin.class.peopleIntro" />}>
      {users.isLoading ? <Loading /> : null}
      {users.error ? <LoadFailed error={users.error} retry={() => void users.refetch()} /> : null}
      {users.data ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <PeopleList
            title={intl.formatMessage({ id: 'admin.class.teachers' })}
            people={users.data.teachers}
            empty={intl.formatMessage({ id: 'admin.class.noTeachers' })}
            link={(person) => adminPaths.user(person.id)}
          />
          <PeopleList
            title={intl.formatMessage({ id: 'admin.class.students' })}
            people={users.data.students}
            empty={intl.formatMessage({ id: 'admin.class.noStudents' })}
            link={(person) => adminPaths.user(person.id)}
          />
          <PeopleList
            title={intl.formatMessage({ id: 'admin.class.advisors' })}
            people={users.data.advisors}
            empty={intl.formatMessage({ id: 'admin.class.noAdvisors' })}
            link={(person) => adminPaths.classAdvisor(schoolClass.id, person.id)}
            hint={intl.formatMessage({ id: 'admin.class.advisorsHint' })}
          />
        </Box>
      ) : null}
    </Section>
  );
}

interface PeopleListProps {
  title: string;
  people: Person[];
  empty: string;
  link: (person: Person) => string;
  hint?: string;
}

function PeopleList({ title, people, empty, link, hint }: PeopleListProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography component="h3" id={headingId} sx={{ fontWeight: 600 }}>
        {title} ({people.length})
      </Typography>
      {hint ? <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>{hint}</Typography> : null}
      {people.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{empty}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
          {people.map((person) => (
            <li key={person.id}>
              <Link component={RouterLink} to={link(person)} sx={{ display: 'inline-block', py: 0.75 }}>
                {person.displayName}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
