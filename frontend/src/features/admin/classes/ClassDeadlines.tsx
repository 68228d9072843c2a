import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { ClassDeadline, DeadlineRule } from '@/api/types';
import { ErrorBox } from '@/components/ErrorBox';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useToast } from '@/components/toast/useToast';
import { useGetClassStudentsQuery } from '@/features/placement/api/placementApi';
import { DueDate } from '@/features/placement/components/DueDate';
import { dueDay } from '@/features/placement/deadlines';
import { PARTIES, PARTY_NAME, halfName } from '@/features/placement/roles';
import type { DeadlineStatus, Party, StudentRow } from '@/features/placement/types';
import { useGetClassDeadlineRulesQuery, useSaveClassDeadlineRulesMutation } from '../api/classesApi';
import { adminPaths } from '../paths';
import { ANCHORS, RuleFields, rowLabel } from '../semesters/DeadlineRulesEditor';
import { choicesOf, deadlineRows, rowKey, rulesOf, type DeadlineChoice, type DeadlineRow } from '../semesters/deadlineRows';
import type { SchoolClass } from '../types';
import { Section } from './Section';

/** An override always sets a deadline: "no deadline" is the semester's to choose. */
const OVERRIDE_ANCHORS = ANCHORS.filter((a) => a.value !== '');

/** The lines of a class: the semester editor's, each form's halves only where the class has them. */
export function classRows(schoolClass: Pick<SchoolClass, 'forms' | 'assignments'>): DeadlineRow[] {
  return deadlineRows(schoolClass.forms).filter(
    (row) =>
      row.item !== 'answers' ||
      schoolClass.assignments.some((a) => a.formId === row.formId && a.isMidSemester === row.isMidSemester),
  );
}

/** A saved rule in words, e.g. "Dager fra sluttdatoen: 7" or "Fast dato: 7. okt. 2026". */
function ruleText(intl: IntlShape, choice: DeadlineChoice | undefined): string {
  const anchor = ANCHORS.find((a) => a.value === (choice?.anchor ?? ''));
  const name = intl.formatMessage({ id: anchor?.label ?? 'admin.deadlines.none' });
  if (!choice?.anchor) return name;
  const value =
    choice.anchor === 'fixed'
      ? intl.formatDate(dueDay(choice.fixedDate), { day: 'numeric', month: 'short', year: 'numeric' })
      : choice.offsetDays;
  return `${name}: ${value}`;
}

/**
 * The class's deadlines: each line shows the semester's rule as inherited
 * until the admin overrides it (from the class's mid-semester or end date,
 * or on a fixed date); an override can be reset to the semester's, and a
 * reset undone until saved. One save replaces the class's own rules.
 */
export function ClassDeadlinesSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const rules = useGetClassDeadlineRulesQuery(schoolClass.id);
  return (
    <Section
      title={<FormattedMessage id="admin.classDeadlines.heading" />}
      intro={<FormattedMessage id="admin.classDeadlines.intro" />}
    >
      {rules.error ? (
        <LoadFailed
          error={rules.error}
          message={intl.formatMessage({ id: 'admin.common.loadFailed' })}
          retry={() => void rules.refetch()}
        />
      ) : !rules.data ? (
        <Loading />
      ) : (
        <OverrideEditor
          key={`${schoolClass.id}-${rules.fulfilledTimeStamp}`}
          schoolClass={schoolClass}
          semester={rules.data.semester}
          own={rules.data.class}
          deadlines={rules.data.deadlines}
        />
      )}
    </Section>
  );
}

interface OverrideEditorProps {
  schoolClass: SchoolClass;
  semester: DeadlineRule[];
  own: DeadlineRule[];
  deadlines: ClassDeadline[];
}

function OverrideEditor({ schoolClass, semester, own, deadlines }: OverrideEditorProps) {
  const intl = useIntl();
  const toast = useToast();
  const rows = useMemo(() => classRows(schoolClass), [schoolClass]);
  const inherited = useMemo(() => choicesOf(semester), [semester]);
  const [choices, setChoices] = useState<Record<string, DeadlineChoice>>(() => choicesOf(own));
  const [removed, setRemoved] = useState<Record<string, DeadlineChoice>>({});
  const [save, saving] = useSaveClassDeadlineRulesMutation();
  const saved = useMemo(() => JSON.stringify(rulesOf(rows, choicesOf(own))), [rows, own]);
  const dirty = JSON.stringify(rulesOf(rows, choices)) !== saved;
  const due = (row: DeadlineRow) => deadlines.find((d) => rowKey(d) === row.key);

  const override = (row: DeadlineRow) =>
    setChoices((all) => ({
      ...all,
      [row.key]: removed[row.key] ?? inherited[row.key] ?? { anchor: 'endSemester', offsetDays: '0', fixedDate: '' },
    }));
  const reset = (row: DeadlineRow) => {
    const choice = choices[row.key];
    if (choice) setRemoved((all) => ({ ...all, [row.key]: choice }));
    setChoices((all) => Object.fromEntries(Object.entries(all).filter(([key]) => key !== row.key)));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save({ classId: schoolClass.id, body: { rules: rulesOf(rows, choices) } })
          .unwrap()
          .then(() => {
            setRemoved({});
            toast.saved();
          })
          .catch(() => undefined);
      }}
    >
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const label = rowLabel(intl, row);
          const choice = choices[row.key];
          const deadline = due(row);
          return (
            <Paper component="li" key={row.key} variant="outlined" sx={{ p: 1.5 }} data-rule={row.key} data-own={choice ? 'true' : 'false'}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
                  <Typography variant="body2" component="div" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {choice ? (
                      <Chip size="small" label={intl.formatMessage({ id: 'admin.classDeadlines.own' })} sx={{ mr: 1 }} />
                    ) : null}
                    <FormattedMessage id="admin.classDeadlines.inherited" values={{ rule: ruleText(intl, inherited[row.key]) }} />
                    {deadline && !dirty ? (
                      <>
                        {' · '}
                        <FormattedMessage
                          id="admin.classDeadlines.due"
                          values={{ date: intl.formatDate(dueDay(deadline.dueDate), { day: 'numeric', month: 'short', year: 'numeric' }) }}
                        />
                      </>
                    ) : null}
                  </Typography>
                </Box>
                {choice ? (
                  <>
                    <RuleFields
                      label={label}
                      choice={choice}
                      anchors={OVERRIDE_ANCHORS}
                      onChange={(change) => setChoices((all) => ({ ...all, [row.key]: { ...choice, ...change } }))}
                    />
                    <Button
                      onClick={() => reset(row)}
                      aria-label={intl.formatMessage({ id: 'admin.classDeadlines.resetNamed' }, { name: label })}
                    >
                      <FormattedMessage id="admin.classDeadlines.reset" />
                    </Button>
                  </>
                ) : (
                  <Stack direction="row" spacing={1}>
                    <Button
                      variant="outlined"
                      onClick={() => override(row)}
                      aria-label={intl.formatMessage({ id: 'admin.classDeadlines.overrideNamed' }, { name: label })}
                    >
                      <FormattedMessage id="admin.classDeadlines.override" />
                    </Button>
                    {removed[row.key] ? (
                      <Button
                        onClick={() => override(row)}
                        aria-label={intl.formatMessage({ id: 'admin.classDeadlines.undoNamed' }, { name: label })}
                      >
                        <FormattedMessage id="admin.classDeadlines.undo" />
                      </Button>
                    ) : null}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {saving.error ? (
        <Box sx={{ mt: 2 }}>
          <ErrorBox error={saving.error} message={intl.formatMessage({ id: 'admin.deadlines.saveFailed' })} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" size="large" loading={saving.isLoading}>
          <FormattedMessage id="admin.classDeadlines.save" />
        </Button>
        {dirty ? (
          <Typography sx={{ color: 'text.secondary' }}>
            <FormattedMessage id="admin.common.unsaved" />
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** One overdue item of a student: a form's half, and its deadline. */
interface LateItem {
  what: string;
  deadline: DeadlineStatus;
}

/** The students of one role that are overdue, each with what is overdue. */
export interface LateGroup {
  party: Party;
  students: { id: number; name: string; items: LateItem[] }[];
}

/**
 * What is late in a class, per role: each student whose form half the
 * role has not delivered after its due day, with each such half.
 */
export function lateGroups(
  intl: IntlShape,
  rows: readonly Pick<StudentRow, 'id' | 'displayName' | 'forms'>[],
): LateGroup[] {
  return PARTIES.map((party) => ({
    party,
    students: rows.flatMap((row) => {
      const items = row.forms.flatMap((form) =>
        form.halves.flatMap((half) => {
          const deadline = half[party].deadline;
          return deadline?.state === 'overdue'
            ? [{ what: `${form.name}, ${intl.formatMessage({ id: halfName(half.isMidSemester) })}`, deadline }]
            : [];
        }),
      );
      return items.length > 0 ? [{ id: row.id, name: row.displayName, items }] : [];
    }),
  }));
}

/**
 * What is late in the class, per role, with the students (linked to their
 * pages) and what each has not delivered; read with the class's students
 * in one statement.
 */
export function LateSection({ schoolClass }: { schoolClass: SchoolClass }) {
  const intl = useIntl();
  const students = useGetClassStudentsQuery(schoolClass.id);
  const groups = students.data ? lateGroups(intl, students.data) : [];
  const none = groups.every((group) => group.students.length === 0);
  return (
    <Section title={<FormattedMessage id="admin.classLate.heading" />} intro={<FormattedMessage id="admin.classLate.intro" />}>
      {students.isLoading ? <Loading /> : null}
      {students.error ? <LoadFailed error={students.error} retry={() => void students.refetch()} /> : null}
      {students.data && none ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.classLate.none" />
        </Typography>
      ) : null}
      {students.data && !none ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {groups.map((group) => (
            <Box component="section" key={group.party} data-late-role={group.party} aria-label={intl.formatMessage({ id: PARTY_NAME[group.party] })}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                <FormattedMessage
                  id="admin.classLate.role"
                  values={{ role: intl.formatMessage({ id: PARTY_NAME[group.party] }), count: group.students.length }}
                />
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
                {group.students.map((student) => (
                  <Box component="li" key={student.id} sx={{ py: 0.75 }}>
                    <Link component={RouterLink} to={adminPaths.user(student.id)}>
                      {student.name}
                    </Link>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {student.items.map((item) => (
                        <li key={item.what}>
                          <Typography variant="body2" component="span" sx={{ mr: 1 }}>
                            {item.what}:
                          </Typography>
                          <DueDate deadline={item.deadline} />
                        </li>
                      ))}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Section>
  );
}
