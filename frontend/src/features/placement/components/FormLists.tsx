import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '@/i18n/messages';
import { formPagePath, type PlacementRole } from '../paths';
import { halfName, PARTIES, PARTY_NAME } from '../roles';
import type { FormProgress, HalfProgress, RoleProgress } from '../types';
import { EmptyState } from '@/components/Feedback';
import { DueDate } from './DueDate';

interface FormListsProps {
  forms: FormProgress[];
  classId: number;
  studentId: number;
  /** The role whose form page the links open. */
  role: PlacementRole;
}

/**
 * The class's forms for one student, each half with how much the student,
 * the supervisor and the teacher have answered, and a link to the form.
 */
export function FormLists({ forms, classId, studentId, role }: FormListsProps) {
  const intl = useIntl();
  if (forms.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="placement.forms.none" />
      </EmptyState>
    );
  }
  return (
    <Stack spacing={2}>
      {forms.map((form) => (
        <Box key={form.formId}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem', mb: 1 }}>
            {form.name}
          </Typography>
          <Stack spacing={1.5}>
            {form.halves.map((half) => (
              <Paper key={half.assignmentId} variant="outlined" sx={{ p: 2 }}>
                <Stack
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
                >
                  <Typography sx={{ fontWeight: 600, minWidth: 96 }}>
                    {intl.formatMessage({ id: halfName(half.isMidSemester) })}
                  </Typography>
                  <HalfProgressView half={half} />
                  <Button
                    component={RouterLink}
                    to={formPagePath(role, { classId, studentId, formId: form.formId, assignmentId: half.assignmentId })}
                    variant="outlined"
                    size="large"
                    sx={{ flexShrink: 0 }}
                    aria-label={intl.formatMessage(
                      { id: 'placement.forms.openNamed' },
                      { form: form.name, half: intl.formatMessage({ id: halfName(half.isMidSemester) }) },
                    )}
                  >
                    <FormattedMessage id="placement.forms.open" />
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** How far the three roles have come with one half. */
export function HalfProgressView({ half }: { half: HalfProgress }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        flexGrow: 1,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {PARTIES.map((party) => (
        <Box component="li" key={party}>
          <RoleProgressLine party={PARTY_NAME[party]} progress={half[party]} total={half.total} />
        </Box>
      ))}
    </Box>
  );
}

function RoleProgressLine({ party, progress, total }: { party: MessageId; progress: RoleProgress; total: number }) {
  const intl = useIntl();
  const value = total > 0 ? Math.round((progress.answered / total) * 100) : 0;
  const name = intl.formatMessage({ id: party });
  const text = progress.delivered
    ? intl.formatMessage({ id: 'placement.progress.delivered' }, { answered: progress.answered, total })
    : intl.formatMessage({ id: 'placement.progress.answered' }, { answered: progress.answered, total });
  return (
    <Box>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {progress.delivered ? <CheckCircleIcon aria-hidden fontSize="inherit" color="success" /> : null}
          {text}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={value}
        color={progress.delivered ? 'success' : 'primary'}
        aria-label={`${name}: ${text}`}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
      {progress.deadline ? (
        <Box sx={{ mt: 0.5 }}>
          <DueDate deadline={progress.deadline} />
        </Box>
      ) : null}
    </Box>
  );
}
