import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { HalfProgressView } from '@/features/placement/components/FormLists';
import { currentMainAssignment } from '@/features/placement/mainForm';
import { formPagePath, placementPaths } from '@/features/placement/paths';
import { halfName } from '@/features/placement/roles';
import { SIGNING_STATUS_TEXT } from '@/features/placement/signing';
import type { PlacementClass, StudentRow } from '@/features/placement/types';

/**
 * One of the supervisor's students: how far the current half of the main
 * form has come, and one tap to assess or to open the student.
 */
export function AdvisorStudentCard({ cls, student }: { cls: PlacementClass; student: StudentRow }) {
  const intl = useIntl();
  const assignment = currentMainAssignment(cls);
  const half = assignment
    ? student.forms.flatMap((form) => form.halves).find((h) => h.assignmentId === assignment.id)
    : undefined;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
            {student.displayName}
          </Typography>
          {student.warning === 'given' || student.warning === 'confirmed' ? (
            <Chip size="small" color="warning" label={intl.formatMessage({ id: 'advisor.student.warning' })} sx={{ fontWeight: 600 }} />
          ) : null}
        </Stack>
        {half && assignment ? (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
              {intl.formatMessage({ id: halfName(assignment.isMidSemester) })}
            </Typography>
            <HalfProgressView half={half} />
          </Box>
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <FormattedMessage
            id="advisor.student.signing"
            values={{ status: intl.formatMessage({ id: SIGNING_STATUS_TEXT[student.signingForm.status] }) }}
          />
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {assignment ? (
            <Button
              component={RouterLink}
              to={formPagePath('Advisor', {
                classId: cls.id,
                studentId: student.id,
                formId: assignment.formId,
                assignmentId: assignment.id,
              })}
              variant="contained"
              size="large"
              startIcon={<EditNoteIcon aria-hidden />}
              aria-label={intl.formatMessage({ id: 'advisor.student.assessNamed' }, { name: student.displayName })}
            >
              <FormattedMessage id="advisor.student.assess" />
            </Button>
          ) : null}
          <Button
            component={RouterLink}
            to={placementPaths.studentPage('Advisor', cls.id, student.id)}
            variant="outlined"
            size="large"
            endIcon={<ArrowForwardIcon aria-hidden />}
            aria-label={intl.formatMessage({ id: 'advisor.student.openNamed' }, { name: student.displayName })}
          >
            <FormattedMessage id="advisor.student.open" />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
