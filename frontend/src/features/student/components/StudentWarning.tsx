import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useConfirmWarningMutation, type StudentInClass } from '@/features/placement/api/placementApi';
import { Section } from '@/features/placement/components/Layout';
import { WarningTextsView } from '@/features/placement/components/WarningTextsView';
import { useFormatters } from '@/features/placement/format';
import type { Warning } from '@/features/placement/types';

/** The id of the warning's section, which the sticky notice links to. */
export const WARNING_SECTION_ID = 'warning';

/**
 * The notice that stays at the top of the screen until the student has
 * confirmed reading a warning (spec §4), with the way to it.
 */
export function WarningNotice() {
  const titleId = useId();
  return (
    <Paper
      elevation={3}
      square
      role="region"
      aria-labelledby={titleId}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        mt: { xs: -3, sm: -5 },
        mb: 3,
        py: { xs: 1.5, sm: 2 },
        bgcolor: 'warning.light',
        borderBottom: 2,
        borderColor: 'warning.dark',
      }}
    >
      <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexGrow: 1 }}>
          <WarningAmberIcon aria-hidden sx={{ mt: 0.25, color: 'text.primary' }} />
          <Box sx={{ color: 'text.primary' }}>
            <Typography id={titleId} sx={{ fontWeight: 700 }}>
              <FormattedMessage id="student.warning.noticeTitle" />
            </Typography>
            <Typography variant="body2">
              <FormattedMessage id="student.warning.noticeText" />
            </Typography>
          </Box>
        </Stack>
        <Button
          href={`#${WARNING_SECTION_ID}`}
          variant="contained"
          color="inherit"
          size="large"
          sx={{ flexShrink: 0, bgcolor: 'background.paper', color: 'text.primary' }}
          onClick={(event) => {
            event.preventDefault();
            const section = document.getElementById(WARNING_SECTION_ID);
            section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            const heading = section?.querySelector<HTMLElement>('h2');
            heading?.setAttribute('tabindex', '-1');
            heading?.focus({ preventScroll: true });
          }}
        >
          <FormattedMessage id="student.warning.read" />
        </Button>
      </Stack>
      </Container>
    </Paper>
  );
}

/**
 * A sent warning as the student reads it: what it means and what happens
 * next, said kindly; the teacher's texts; and the confirmation that the
 * student has read it.
 */
export function StudentWarningSection({ warning, target }: { warning: Warning; target: StudentInClass }) {
  const intl = useIntl();
  const format = useFormatters();
  const toast = useToast();
  const [confirm, { isLoading, error }] = useConfirmWarningMutation();
  const confirmed = warning.studentConfirmedWarningAt;

  const doConfirm = async () => {
    try {
      await confirm(target).unwrap();
      toast.show('student.warning.confirmedToast', 'success');
    } catch {
      // Shown below the button.
    }
  };

  return (
    <Section id={WARNING_SECTION_ID} title={intl.formatMessage({ id: 'student.warning.title' })}>
      <Stack spacing={2.5}>
        <Alert severity={confirmed ? 'info' : 'warning'}>
          <AlertTitle>
            <FormattedMessage id="student.warning.given" values={{ when: format.moment(warning.submittedAt ?? warning.updatedAt) }} />
          </AlertTitle>
          {confirmed ? (
            <FormattedMessage id="student.warning.confirmedAt" values={{ when: format.moment(confirmed) }} />
          ) : (
            <FormattedMessage id="student.warning.meaning" />
          )}
        </Alert>
        {!confirmed ? (
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              <FormattedMessage id="student.warning.nextTitle" />
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3, '& li + li': { mt: 1 } }}>
              <li>
                <FormattedMessage id="student.warning.next1" />
              </li>
              <li>
                <FormattedMessage id="student.warning.next2" />
              </li>
              <li>
                <FormattedMessage id="student.warning.next3" />
              </li>
              <li>
                <FormattedMessage id="student.warning.next4" />
              </li>
            </Box>
            <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
              <FormattedMessage id="student.warning.support" />
            </Typography>
          </Box>
        ) : null}
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
            <FormattedMessage id="student.warning.textsTitle" />
          </Typography>
          <WarningTextsView texts={warning} headingLevel={4} />
        </Box>
        {!confirmed ? (
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 600 }}>
              <FormattedMessage id="student.warning.confirmHelp" />
            </Typography>
            <Box>
              <Button
                variant="contained"
                size="large"
                loading={isLoading}
                onClick={() => void doConfirm()}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                <FormattedMessage id="student.warning.confirm" />
              </Button>
            </Box>
            {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'student.warning.confirmFailed' })} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}
