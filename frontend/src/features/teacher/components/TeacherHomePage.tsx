import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/features/auth/SessionProvider';
import { useGetTeacherHomeQuery } from '@/features/placement/api/placementApi';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { Page, Section } from '@/features/placement/components/Layout';
import { useFormatters } from '@/features/placement/format';
import { placementPaths } from '@/features/placement/paths';
import type { PeriodStatus, TeacherClass, TeacherHomeGroup } from '@/features/placement/types';
import type { MessageId } from '@/i18n/messages';
import { TeachingButton } from './TeachingButton';

const STATUS_TEXT: Record<PeriodStatus, MessageId> = {
  current: 'placement.period.current',
  future: 'placement.period.future',
  previous: 'placement.period.previous',
};

/** `/teacher`: the teacher's subjects and the other subjects, by semester; join or leave. */
export function TeacherHomePage() {
  const intl = useIntl();
  const { user } = useSession();
  const { data, error, isLoading, refetch } = useGetTeacherHomeQuery();

  return (
    <Page
      title={intl.formatMessage({ id: 'home.greeting' }, { name: user.displayName })}
      overline={intl.formatMessage({ id: 'role.Teacher.title' })}
    >
      <Typography sx={{ fontSize: '1.0625rem', maxWidth: '60ch' }}>
        <FormattedMessage id="home.Teacher.intro" />
      </Typography>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'teacher.home.loadFailed' })} retry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="teacher.home.noClasses" />
        </EmptyState>
      ) : (
        data.map((group) => <PeriodGroup key={group.period.id} group={group} />)
      )}
    </Page>
  );
}

function PeriodGroup({ group }: { group: TeacherHomeGroup }) {
  const intl = useIntl();
  const [showOthers, setShowOthers] = useState(group.mine.length === 0 && group.period.status !== 'previous');
  return (
    <Section
      title={group.period.name}
      action={<Chip label={intl.formatMessage({ id: STATUS_TEXT[group.period.status] })} variant="outlined" />}
    >
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        <FormattedMessage id="teacher.home.mine" />
      </Typography>
      {group.mine.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          <FormattedMessage id="teacher.home.noneMine" />
        </Typography>
      ) : (
        <ClassList classes={group.mine} />
      )}
      {group.others.length > 0 ? (
        <Box sx={{ mt: 2.5 }}>
          <Button
            onClick={() => setShowOthers((shown) => !shown)}
            aria-expanded={showOthers}
            sx={{ minHeight: 44, px: 1 }}
          >
            <FormattedMessage
              id={showOthers ? 'teacher.home.hideOthers' : 'teacher.home.showOthers'}
              values={{ count: group.others.length }}
            />
          </Button>
          {showOthers ? (
            <Box sx={{ mt: 1 }}>
              <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                <FormattedMessage id="teacher.home.others" />
              </Typography>
              <ClassList classes={group.others} />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Section>
  );
}

function ClassList({ classes }: { classes: TeacherClass[] }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {classes.map((cls) => (
        <ClassItem key={cls.id} cls={cls} />
      ))}
    </Stack>
  );
}

function ClassItem({ cls }: { cls: TeacherClass }) {
  const intl = useIntl();
  const format = useFormatters();
  const name = `${cls.subject.subjectCode} ${cls.period.name}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={placementPaths.classPage('Teacher', cls.id)}
            sx={{ fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}
          >
            {intl.formatMessage({ id: 'student.join.option' }, { code: cls.subject.subjectCode, name: cls.subject.name })}
          </Link>
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {cls.midSemesterDate || cls.endSemesterDate ? (
              <FormattedMessage
                id="teacher.home.dates"
                values={{
                  mid: cls.midSemesterDate ? format.day(cls.midSemesterDate) : '–',
                  end: cls.endSemesterDate ? format.day(cls.endSemesterDate) : '–',
                }}
              />
            ) : (
              <FormattedMessage id="teacher.home.noDates" />
            )}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {cls.isMine ? (
              <FormattedMessage id="teacher.home.countsMine" values={{ count: cls.studentCount, mine: cls.myStudentCount }} />
            ) : (
              <FormattedMessage id="teacher.home.counts" values={{ count: cls.studentCount }} />
            )}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {cls.teachers.length > 0 ? (
              <FormattedMessage
                id="teacher.home.teachers"
                values={{ names: cls.teachers.map((t) => t.displayName).join(', ') }}
              />
            ) : (
              <FormattedMessage id="teacher.home.noTeachers" />
            )}
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <TeachingButton classId={cls.id} className={name} isMine={cls.isMine} size="medium" />
        </Box>
      </Stack>
    </Paper>
  );
}
