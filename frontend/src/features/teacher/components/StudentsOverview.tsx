import CheckIcon from '@mui/icons-material/Check';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/visuallyHidden';
import { dueDateText } from '@/features/placement/components/DueDate';
import { primaryFirst } from '@/features/placement/components/SupervisorBadges';
import { placementPaths } from '@/features/placement/paths';
import { ATTENTION_BACKGROUND, ATTENTION_TEXT } from '@/features/placement/colors';
import { PARTY_NAME, PARTY_TAG } from '@/features/placement/roles';
import { SIGNING_STATUS_TEXT, SIGNING_WAIT_TEXT } from '@/features/placement/signing';
import type { WarningState } from '@/features/placement/types';
import type { MessageId } from '@/i18n/messages';
import { TERM_COLUMNS } from '@/theme/layout';
import type { HalfState, RoleState, StudentOverview } from '../overview';

const WARNING_TEXT: Record<WarningState, MessageId> = {
  none: 'teacher.overview.warning.none',
  draft: 'teacher.overview.warning.draft',
  given: 'teacher.overview.warning.given',
  confirmed: 'teacher.overview.warning.confirmed',
};

interface StudentsOverviewProps {
  classId: number;
  students: StudentOverview[];
  /** Caption of the table: which students are shown. */
  caption: string;
}

/**
 * The students of a class at a glance: progress per half and role (late
 * ones marked), warnings, and whose signing form waits for whom. A compact
 * table on wide screens, one card per student on a phone.
 */
export function StudentsOverview({ classId, students, caption }: StudentsOverviewProps) {
  const intl = useIntl();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));

  if (!wide) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={caption}>
        {students.map((student) => (
          <Paper component="li" key={student.row.id} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <StudentName classId={classId} student={student} />
              {student.needsAttention ? <AttentionChip /> : null}
            </Stack>
            <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: TERM_COLUMNS, columnGap: 1.5, rowGap: 1 }}>
              <Term id="teacher.overview.supervisor" />
              <Detail>
                <SupervisorCell student={student} />
              </Detail>
              <Term id="placement.half.mid" />
              <Detail>
                <HalfCell half={student.mid} />
              </Detail>
              <Term id="placement.half.end" />
              <Detail>
                <HalfCell half={student.end} />
              </Detail>
              <Term id="teacher.overview.warning" />
              <Detail>
                <WarningCell state={student.row.warning} />
              </Detail>
              <Term id="teacher.overview.signing" />
              <Detail>
                <SigningCell student={student} />
              </Detail>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <FormattedMessage id="teacher.overview.student" />
            </TableCell>
            <TableCell scope="col">
              <FormattedMessage id="teacher.overview.supervisor" />
            </TableCell>
            <TableCell scope="col">
              <FormattedMessage id="placement.half.mid" />
            </TableCell>
            <TableCell scope="col">
              <FormattedMessage id="placement.half.end" />
            </TableCell>
            <TableCell scope="col">
              <FormattedMessage id="teacher.overview.warning" />
            </TableCell>
            <TableCell scope="col">
              <FormattedMessage id="teacher.overview.signing" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((student) => (
            <TableRow key={student.row.id} sx={student.needsAttention ? { bgcolor: ATTENTION_BACKGROUND } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                <StudentName classId={classId} student={student} />
                {student.needsAttention ? (
                  <Box sx={{ mt: 0.5 }}>
                    <AttentionChip />
                  </Box>
                ) : null}
              </TableCell>
              <TableCell>
                <SupervisorCell student={student} />
              </TableCell>
              <TableCell>
                <HalfCell half={student.mid} />
              </TableCell>
              <TableCell>
                <HalfCell half={student.end} />
              </TableCell>
              <TableCell>
                <WarningCell state={student.row.warning} />
              </TableCell>
              <TableCell>
                <SigningCell student={student} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ p: 1.5, color: 'text.secondary' }}>
        {intl.formatMessage({ id: 'teacher.overview.legend' })}
      </Typography>
    </TableContainer>
  );
}

function Term({ id }: { id: MessageId }) {
  return (
    <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
      <FormattedMessage id={id} />
    </Typography>
  );
}

function Detail({ children }: { children: ReactNode }) {
  return (
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  );
}

function AttentionChip() {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      color="warning"
      icon={<ErrorOutlineIcon aria-hidden />}
      label={intl.formatMessage({ id: 'teacher.overview.attention' })}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}

function StudentName({ classId, student }: { classId: number; student: StudentOverview }) {
  const { row } = student;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={placementPaths.studentPage('Teacher', classId, row.id)}
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        {row.displayName}
      </Link>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {row.isMine ? (
          <FormattedMessage id="teacher.overview.yours" />
        ) : row.teacher ? (
          <FormattedMessage id="teacher.overview.teacherName" values={{ name: row.teacher.displayName }} />
        ) : (
          <FormattedMessage id="teacher.overview.noTeacher" />
        )}
      </Typography>
    </Box>
  );
}

function SupervisorCell({ student }: { student: StudentOverview }) {
  const supervisors = primaryFirst(student.row.supervisors);
  const [first, ...rest] = supervisors;
  if (!first) {
    return (
      <Typography component="span" variant="body2" sx={{ color: ATTENTION_TEXT, fontWeight: 700 }}>
        <FormattedMessage id="teacher.overview.noSupervisor" />
      </Typography>
    );
  }
  return (
    <>
      {first.displayName}
      {rest.length > 0 ? (
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {' '}
          <FormattedMessage id="teacher.overview.moreSupervisors" values={{ count: rest.length }} />
        </Typography>
      ) : null}
    </>
  );
}

function HalfCell({ half }: { half: HalfState | null }) {
  if (!half) {
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="teacher.overview.noHalf" />
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {half.roles.map((role) => (
        <RoleBadge key={role.party} role={role} />
      ))}
    </Box>
  );
}

/**
 * "PV 13/27" or "S ✓", marked when late; the due date, when there is one,
 * as its tooltip and in the full words for screen readers.
 */
function RoleBadge({ role }: { role: RoleState }) {
  const intl = useIntl();
  const tag = intl.formatMessage({ id: PARTY_TAG[role.party] });
  const state = role.delivered
    ? intl.formatMessage({ id: 'teacher.overview.deliveredLong' })
    : intl.formatMessage({ id: 'placement.progress.answered' }, { answered: role.answered, total: role.total });
  const due = role.deadline ? dueDateText(intl, role.deadline) : null;
  const spoken = `${intl.formatMessage({ id: PARTY_NAME[role.party] })}: ${state}${
    role.behind ? `, ${intl.formatMessage({ id: 'teacher.overview.late' })}` : ''
  }${due ? `. ${due}` : ''}`;
  return (
    <Box
      component="span"
      title={due ?? undefined}
      data-late={role.behind ? role.party : undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        border: 1,
        fontSize: '0.8125rem',
        fontWeight: role.behind ? 700 : 400,
        whiteSpace: 'nowrap',
        borderColor: role.behind ? ATTENTION_TEXT : role.delivered ? 'success.main' : 'divider',
        color: role.behind ? ATTENTION_TEXT : role.delivered ? 'success.dark' : 'text.primary',
        bgcolor: role.behind ? ATTENTION_BACKGROUND : 'transparent',
      }}
    >
      <span aria-hidden>
        {tag} {role.delivered ? null : `${role.answered}/${role.total}`}
      </span>
      {role.delivered ? <CheckIcon aria-hidden sx={{ fontSize: '1em' }} /> : null}
      <Box component="span" sx={visuallyHidden}>
        {spoken}
      </Box>
    </Box>
  );
}

function WarningCell({ state }: { state: WarningState }) {
  const intl = useIntl();
  if (state === 'none') {
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {intl.formatMessage({ id: WARNING_TEXT.none })}
      </Typography>
    );
  }
  return (
    <Chip
      size="small"
      variant={state === 'given' ? 'filled' : 'outlined'}
      color={state === 'given' ? 'warning' : state === 'confirmed' ? 'default' : 'info'}
      label={intl.formatMessage({ id: WARNING_TEXT[state] })}
      // The label wraps rather than run out of a phone's card.
      sx={{ fontWeight: 600, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

function SigningCell({ student }: { student: StudentOverview }) {
  const intl = useIntl();
  const wait = student.signing;
  if (!wait) {
    return (
      <Typography component="span" variant="body2">
        {intl.formatMessage({ id: SIGNING_STATUS_TEXT[student.row.signingForm.status] })}
      </Typography>
    );
  }
  const parties = wait.waitingFor.map((party) => intl.formatMessage({ id: PARTY_TAG[party] }));
  const forTeacher = wait.waitingFor.includes('teacher');
  return (
    <Box>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {intl.formatMessage({ id: SIGNING_WAIT_TEXT[wait.status] })}
      </Typography>
      {parties.length > 0 ? (
        <Typography
          component="span"
          variant="body2"
          sx={{ display: 'block', fontWeight: forTeacher ? 700 : 400, color: forTeacher ? ATTENTION_TEXT : 'text.secondary' }}
        >
          <FormattedMessage id="teacher.overview.waitingFor" values={{ parties: intl.formatList(parties, { type: 'conjunction' }) }} />
        </Typography>
      ) : null}
    </Box>
  );
}
