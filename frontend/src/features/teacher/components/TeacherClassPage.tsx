import ChecklistIcon from '@mui/icons-material/Checklist';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '@/features/auth/SessionProvider';
import {
  useGetClassStudentsQuery,
  useGetPlacementClassQuery,
  useGetPlacementClassUsersQuery,
  useGetPlacementSigningStatusQuery,
} from '@/features/placement/api/placementApi';
import { ClassFacts } from '@/features/placement/components/ClassFacts';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { idParam, placementPaths } from '@/features/placement/paths';
import { PARTIES, PARTY_NAME } from '@/features/placement/roles';
import type { Party, PlacementClass, PersonRef } from '@/features/placement/types';
import { KeepPageSnapshot, ReleasePageSnapshot } from '@/pwa/KeepPageSnapshot';
import { dismissChecklist, isChecklistDismissed } from '../checklist';
import { overview } from '../overview';
import { AddSupervisorDialog } from './AddSupervisorDialog';
import { AssignStudentsDialog } from './AssignStudentsDialog';
import { ChecklistDialog } from './ChecklistDialog';
import { StudentsOverview } from './StudentsOverview';
import { TeachingButton } from './TeachingButton';

/**
 * `/teacher/class/:classId`: join or leave the class, the checklist (shown
 * until dismissed for this semester and class), the students at a glance
 * with the button that assigns students, and the supervisors with the
 * button that adds one.
 */
export function TeacherClassPage() {
  const intl = useIntl();
  const classId = idParam(useParams().classId);
  const cls = useGetPlacementClassQuery(classId ?? 0, { skip: classId === null });
  const back = { to: placementPaths.teacherHome, label: intl.formatMessage({ id: 'placement.back.home' }) };
  const title = intl.formatMessage({ id: 'teacher.class.title' });

  if (classId === null || (cls.error && 'status' in cls.error && cls.error.status === 404)) {
    return (
      <Page title={title} back={back}>
        <EmptyState>
          <FormattedMessage id="teacher.class.notFound" />
        </EmptyState>
        <ReleasePageSnapshot />
      </Page>
    );
  }
  if (cls.isLoading) {
    return (
      <Page title={title} back={back}>
        <Loading />
      </Page>
    );
  }
  if (cls.error || !cls.data) {
    return (
      <Page title={title} back={back}>
        <LoadFailed error={cls.error} message={intl.formatMessage({ id: 'teacher.class.loadFailed' })} retry={() => void cls.refetch()} />
        <ReleasePageSnapshot />
      </Page>
    );
  }
  return <ClassContent cls={cls.data} />;
}

function ClassContent({ cls }: { cls: PlacementClass }) {
  const intl = useIntl();
  const { user } = useSession();
  const users = useGetPlacementClassUsersQuery(cls.id);
  const isMine = users.data?.teachers.some((teacher) => teacher.id === user.id) ?? false;
  const [checklistOpen, setChecklistOpen] = useState(false);
  const [closedThisVisit, setClosedThisVisit] = useState(false);
  const [dismissedNow, setDismissedNow] = useState(false);
  const dismissed = dismissedNow || isChecklistDismissed(cls.periodId, cls.id);
  // The checklist shows by itself to the class's teachers until dismissed (spec §2).
  const showChecklist = checklistOpen || (isMine && !dismissed && !closedThisVisit);
  // The sections draw once the class's people, students and signing have
  // answered (or failed): drawn as each arrived, every one pushed those
  // below it down the screen (a layout shift of 0.17 to 0.27 with forty
  // students). The three reads go out together.
  const students = useGetClassStudentsQuery(cls.id);
  const signing = useGetPlacementSigningStatusQuery(cls.id);
  const waiting = users.isLoading || students.isLoading || signing.isLoading;

  return (
    <Page
      title={cls.subject.name}
      overline={intl.formatMessage({ id: 'placement.classLine' }, { code: cls.subject.subjectCode, period: cls.period.name })}
      back={{ to: placementPaths.teacherHome, label: intl.formatMessage({ id: 'placement.back.home' }) }}
      wide
      actions={
        <>
          <Button variant="outlined" size="large" startIcon={<ChecklistIcon aria-hidden />} onClick={() => setChecklistOpen(true)}>
            <FormattedMessage id="teacher.checklist.open" />
          </Button>
          {users.data ? (
            <TeachingButton classId={cls.id} className={`${cls.subject.subjectCode} ${cls.period.name}`} isMine={isMine} />
          ) : null}
        </>
      }
    >
      {waiting ? (
        <Loading />
      ) : (
        <>
          <ClassSections cls={cls} isMine={isMine} />
          {/* A teacher's next visit to the class in this tab is drawn at once. */}
          <KeepPageSnapshot />
        </>
      )}
      <ChecklistDialog
        open={showChecklist}
        onClose={() => {
          setChecklistOpen(false);
          setClosedThisVisit(true);
        }}
        onDismiss={() => {
          dismissChecklist(cls.periodId, cls.id);
          setDismissedNow(true);
          setChecklistOpen(false);
          setClosedThisVisit(true);
        }}
      />
    </Page>
  );
}

/** The class's sections: about the class, its students, its supervisors. */
function ClassSections({ cls, isMine }: { cls: PlacementClass; isMine: boolean }) {
  const intl = useIntl();
  const users = useGetPlacementClassUsersQuery(cls.id);
  return (
    <>
      <Section title={intl.formatMessage({ id: 'teacher.class.about' })}>
        <Stack spacing={2}>
          <ClassFacts cls={cls} />
          {users.data ? (
            <Typography>
              {users.data.teachers.length > 0 ? (
                <FormattedMessage
                  id="teacher.home.teachers"
                  values={{ names: users.data.teachers.map((t) => t.displayName).join(', ') }}
                />
              ) : (
                <FormattedMessage id="teacher.home.noTeachers" />
              )}
            </Typography>
          ) : null}
          {!isMine && users.data ? (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="teacher.class.notMine" />
            </Typography>
          ) : null}
        </Stack>
      </Section>

      <StudentsSection cls={cls} isMine={isMine} />

      <SupervisorsSection classId={cls.id} advisors={users.data?.advisors} error={users.error} retry={() => void users.refetch()} />
    </>
  );
}

type Scope = 'mine' | 'all';

function StudentsSection({ cls, isMine }: { cls: PlacementClass; isMine: boolean }) {
  const intl = useIntl();
  const students = useGetClassStudentsQuery(cls.id);
  const signing = useGetPlacementSigningStatusQuery(cls.id);
  const [scope, setScope] = useState<Scope | null>(null);
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [lateParty, setLateParty] = useState<Party | ''>('');
  const [assigning, setAssigning] = useState(false);

  const rows = students.data ?? [];
  const mine = rows.filter((row) => row.isMine);
  const shownScope: Scope = scope ?? (mine.length > 0 ? 'mine' : 'all');
  const all = overview(cls, rows, signing.data ?? []);
  const inScope = shownScope === 'mine' ? all.filter((s) => s.row.isMine) : all;
  const attentive = attentionOnly ? inScope.filter((s) => s.needsAttention) : inScope;
  const shown = lateParty ? attentive.filter((s) => s.lateParties.includes(lateParty)) : attentive;
  const attentionCount = inScope.filter((s) => s.needsAttention).length;
  const lateCount = (party: Party) => inScope.filter((s) => s.lateParties.includes(party)).length;
  const candidates = rows.filter((row) => !row.isMine);

  return (
    <Section
      title={intl.formatMessage({ id: 'teacher.students.title' })}
      action={
        isMine ? (
          <Button variant="contained" size="large" startIcon={<GroupAddOutlinedIcon aria-hidden />} onClick={() => setAssigning(true)}>
            <FormattedMessage id="teacher.students.add" />
          </Button>
        ) : undefined
      }
    >
      {students.isLoading ? (
        <Loading compact />
      ) : students.error ? (
        <LoadFailed
          error={students.error}
          message={intl.formatMessage({ id: 'teacher.students.loadFailed' })}
          retry={() => void students.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="teacher.students.none" />
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <ToggleButtonGroup
              exclusive
              value={shownScope}
              onChange={(_event, value: Scope | null) => {
                if (value) setScope(value);
              }}
              aria-label={intl.formatMessage({ id: 'teacher.students.scope' })}
            >
              <ToggleButton value="mine" sx={{ minHeight: 44, px: 2 }}>
                <FormattedMessage id="teacher.students.mine" values={{ count: mine.length }} />
              </ToggleButton>
              <ToggleButton value="all" sx={{ minHeight: 44, px: 2 }}>
                <FormattedMessage id="teacher.students.all" values={{ count: rows.length }} />
              </ToggleButton>
            </ToggleButtonGroup>
            <FormControlLabel
              control={<Checkbox checked={attentionOnly} onChange={(event) => setAttentionOnly(event.target.checked)} />}
              label={intl.formatMessage({ id: 'teacher.students.attentionOnly' }, { count: attentionCount })}
            />
            <TextField
              select
              size="small"
              label={intl.formatMessage({ id: 'teacher.students.late' })}
              value={lateParty}
              onChange={(event) => setLateParty(event.target.value as Party | '')}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">
                <FormattedMessage id="teacher.students.lateAll" />
              </MenuItem>
              {PARTIES.map((party) => (
                <MenuItem key={party} value={party}>
                  <FormattedMessage
                    id="teacher.students.lateParty"
                    values={{ party: intl.formatMessage({ id: PARTY_NAME[party] }), count: lateCount(party) }}
                  />
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {signing.error ? (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="teacher.students.signingFailed" />
            </Typography>
          ) : null}
          {shown.length === 0 ? (
            <EmptyState>
              <FormattedMessage
                id={lateParty ? 'teacher.students.noneLate' : attentionOnly ? 'teacher.students.noneNeedAttention' : 'teacher.students.noneMine'}
              />
            </EmptyState>
          ) : (
            <StudentsOverview
              classId={cls.id}
              students={shown}
              caption={intl.formatMessage({ id: shownScope === 'mine' ? 'teacher.students.captionMine' : 'teacher.students.captionAll' })}
            />
          )}
        </Stack>
      )}
      <AssignStudentsDialog open={assigning} classId={cls.id} candidates={candidates} onClose={() => setAssigning(false)} />
    </Section>
  );
}

function SupervisorsSection({
  classId,
  advisors,
  error,
  retry,
}: {
  classId: number;
  advisors: PersonRef[] | undefined;
  error: unknown;
  retry: () => void;
}) {
  const intl = useIntl();
  const students = useGetClassStudentsQuery(classId);
  const [adding, setAdding] = useState(false);
  const countFor = (id: number) => students.data?.filter((s) => s.supervisors.some((sup) => sup.id === id)).length ?? 0;
  return (
    <Section
      title={intl.formatMessage({ id: 'teacher.supervisors.title' })}
      action={
        <Button variant="outlined" size="large" startIcon={<PersonAddAltOutlinedIcon aria-hidden />} onClick={() => setAdding(true)}>
          <FormattedMessage id="teacher.supervisors.add" />
        </Button>
      }
    >
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'teacher.supervisors.loadFailed' })} retry={retry} />
      ) : !advisors ? (
        <Loading compact />
      ) : advisors.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="teacher.supervisors.none" />
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {advisors.map((advisor) => (
            <Box component="li" key={advisor.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
              <Link component={RouterLink} to={placementPaths.teacherAdvisorPage(classId, advisor.id)} sx={{ fontWeight: 600 }}>
                {advisor.displayName}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="teacher.supervisors.count" values={{ count: countFor(advisor.id) }} />
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      <AddSupervisorDialog open={adding} classId={classId} onClose={() => setAdding(false)} />
    </Section>
  );
}
