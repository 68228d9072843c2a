import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useSigningFormat } from '../format';
import { blankForm, osloToday, toInput, valuesOf } from '../lifecycle';
import { signingFormPath, type SigningRole } from '../paths';
import { useCreateSigningFormMutation, useGetSigningFormQuery } from '../signingApi';
import { CARD_STATUS_TEXT, summarize } from '../status';

interface SigningFormCardProps {
  /** The role of the page showing the card; a teacher may create the form. */
  role: SigningRole;
  classId: number;
  studentUserId: number;
  /** The card's heading level on the page (default h2). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A compact card for the student page: where the signing form stands, who
 * has signed, whose turn it is, and the way to the form; for the class's
 * teacher the button that creates it when there is none.
 */
export function SigningFormCard({ role, classId, studentUserId, headingLevel = 'h2' }: SigningFormCardProps) {
  const intl = useIntl();
  const format = useSigningFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const target = useMemo(() => ({ classId, studentId: studentUserId }), [classId, studentUserId]);
  const query = useGetSigningFormQuery(target);
  const [create, creating] = useCreateSigningFormMutation();
  const path = signingFormPath(role, classId, studentUserId);

  const createForm = async () => {
    const blank = blankForm(classId, studentUserId);
    try {
      await create({ ...target, form: toInput(blank, valuesOf(blank)) }).unwrap();
    } catch (error) {
      // Someone created it meanwhile: it is there to open.
      if (!hasStatus(error, 409)) {
        toast.error(error);
        return;
      }
    }
    void navigate(path);
  };

  let body;
  if (query.isLoading) {
    body = <CircularProgress size={28} aria-label={intl.formatMessage({ id: 'signing.loading' })} />;
  } else if (query.error) {
    body = (
      <ErrorBox
        error={query.error}
        message={intl.formatMessage({ id: 'signing.loadFailed' })}
        actions={
          <Button variant="outlined" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.retry" />
          </Button>
        }
      />
    );
  } else {
    const summary = summarize(query.data ?? null, osloToday());
    const creates = summary.status === 'none' && role === 'Teacher';
    body = (
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>
          <FormattedMessage id={CARD_STATUS_TEXT[summary.status]} />
        </Typography>
        {summary.status === 'none' ? (
          role === 'Teacher' ? null : (
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="signing.state.noneOther" />
            </Typography>
          )
        ) : (
          <Typography>
            {summary.signed.length > 0 ? (
              <FormattedMessage id="signing.card.signed" values={{ parties: format.partyLabels(summary.signed) }} />
            ) : (
              <FormattedMessage id="signing.card.nobodySigned" />
            )}
          </Typography>
        )}
        {summary.waitingFor.length > 0 && summary.status !== 'none' ? (
          <Typography>
            <FormattedMessage id="signing.card.waitingFor" values={{ parties: format.partyLabels(summary.waitingFor) }} />
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ pt: 1 }}>
          {creates ? (
            <Button
              variant="contained"
              size="large"
              startIcon={<AssignmentTurnedInOutlinedIcon aria-hidden />}
              loading={creating.isLoading}
              onClick={() => void createForm()}
            >
              <FormattedMessage id="signing.card.create" />
            </Button>
          ) : summary.status !== 'none' ? (
            <Button
              component={RouterLink}
              to={path}
              variant="outlined"
              size="large"
              startIcon={<AssignmentTurnedInOutlinedIcon aria-hidden />}
            >
              <FormattedMessage id="signing.card.open" />
            </Button>
          ) : null}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component={headingLevel} variant="h6" sx={{ mb: 1 }}>
        <FormattedMessage id="signing.title" />
      </Typography>
      {body}
    </Paper>
  );
}
