import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { DueDate } from '@/features/placement/components/DueDate';
import type { DeadlineStatus } from '@/features/placement/types';
import { useSigningFormat } from '../format';
import { canSign, hasSigned, signatures, type Signature, type SigningState } from '../lifecycle';
import type { IsoDate, Party, SigningForm, SigningPeople, TeacherAnswerSummary } from '../types';
import { SectionCard } from './SectionCard';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TeacherProgress } from './TeacherProgress';

interface SignatureSectionProps {
  form: SigningForm;
  state: SigningState;
  today: IsoDate;
  /** As whom the caller signs. */
  party: Party;
  /** The caller's user id, to mark their own signature. */
  myUserId: number | null;
  people: SigningPeople;
  /** The school's declaration for the caller. */
  declaration: string;
  /** The teacher's answers in the main form (teacher only). */
  progress?: TeacherAnswerSummary[] | null;
  /** The teacher's answers could not be fetched. */
  progressFailed?: boolean;
  /** The teacher has unsaved changes to the end section. */
  endDirty: boolean;
  signing: boolean;
  signError: unknown;
  /** Signs; resolves true when signed. */
  onSign: (confirmWithoutAdvisor: boolean) => Promise<boolean>;
  onDismissError: () => void;
}

/**
 * Who has signed, when and how they signed in (a signed result is a legal
 * record), and the caller's own signature: the button when it is their
 * turn, the dialog that asks for confirmation, or the notice that they
 * have signed. The locked message once all three have signed.
 */
export function SignatureSection(props: SignatureSectionProps) {
  const { form, state, today, party, people, endDirty } = props;
  const intl = useIntl();
  const format = useSigningFormat();
  const headingId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  // After signing, the button is gone: the focus goes to the notice that says it is done.
  const [focusNotice, setFocusNotice] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const mine = signatures(form).find((s) => s.party === party);
  const myTurn = canSign(form, party, today);
  const others = state.notSigned.filter((p) => p !== party);

  useEffect(() => {
    if (focusNotice && mine?.at && notice.current) {
      notice.current.focus();
      setFocusNotice(false);
    }
  }, [focusNotice, mine?.at]);

  return (
    <SectionCard title={intl.formatMessage({ id: 'signing.signatures.heading' })} headingId={headingId}>
      <Stack spacing={2}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {signatures(form).map((signature) => (
            <SignatureRow
              key={signature.party}
              signature={signature}
              deadline={form.deadlines[signature.party]}
              people={people}
              myUserId={props.myUserId}
            />
          ))}
        </Box>
        {form.signWithoutAdvisorConfirmedDate ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <FormattedMessage
              id="signing.signature.withoutAdvisor"
              values={{ when: format.dateTime(form.signWithoutAdvisorConfirmedDate) }}
            />
          </Typography>
        ) : null}

        {state.locked ? (
          <Alert severity="success" role="status" ref={notice} tabIndex={-1}>
            {form.lockedAt ? (
              <FormattedMessage id="signing.lockedAt" values={{ when: format.dateTime(form.lockedAt) }} />
            ) : (
              <FormattedMessage id="signing.locked" />
            )}
          </Alert>
        ) : mine?.at ? (
          <Alert severity="success" role="status" ref={notice} tabIndex={-1}>
            <FormattedMessage id="signing.signedNotice" values={{ when: format.dateTime(mine.at) }} />
            {others.length > 0 ? (
              <>
                {' '}
                <FormattedMessage id="signing.waitingFor" values={{ parties: format.parties(others) }} />
              </>
            ) : null}
          </Alert>
        ) : myTurn ? (
          <Stack spacing={2}>
            <Alert severity="info" role="note">
              <FormattedMessage id="signing.yourTurn" />
            </Alert>
            {party === 'teacher' && (props.progress || props.progressFailed) ? (
              <Box>
                <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
                  <FormattedMessage id="signing.progress.heading" />
                </Typography>
                {props.progress ? (
                  <TeacherProgress summary={props.progress} />
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>
                    <FormattedMessage id="signing.progress.failed" />
                  </Typography>
                )}
              </Box>
            ) : null}
            {endDirty ? (
              <Typography sx={{ color: 'text.secondary' }}>
                <FormattedMessage id="signing.unsavedBeforeSign" />
              </Typography>
            ) : null}
            <Box>
              <Button variant="contained" size="large" disabled={endDirty} onClick={() => setDialogOpen(true)}>
                <FormattedMessage id="signing.sign" />
              </Button>
            </Box>
          </Stack>
        ) : state.exists && state.endOpen ? (
          <Typography sx={{ color: 'text.secondary' }}>
            <FormattedMessage id={party === 'teacher' ? 'signing.cannotSignYet.teacher' : 'signing.cannotSignYet.other'} />
          </Typography>
        ) : null}
      </Stack>
      <SignDialog
        {...props}
        open={dialogOpen}
        others={others}
        onClose={() => {
          setDialogOpen(false);
          props.onDismissError();
        }}
        onSigned={() => {
          setDialogOpen(false);
          setFocusNotice(true);
        }}
      />
    </SectionCard>
  );
}

function SignatureRow({
  signature,
  deadline,
  people,
  myUserId,
}: {
  signature: Signature;
  /** When this signature is due, if a rule says so. */
  deadline: DeadlineStatus | null | undefined;
  people: SigningPeople;
  myUserId: number | null;
}) {
  const intl = useIntl();
  const format = useSigningFormat();
  const name = signature.userId !== null ? people.names[signature.userId] : undefined;
  const method = format.method(signature.method);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: signature.at ? 'action.hover' : 'transparent',
      }}
    >
      {signature.at ? (
        <CheckCircleIcon aria-hidden sx={{ color: 'success.main', mt: 0.25 }} />
      ) : (
        <RadioButtonUncheckedIcon aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{format.party(signature.party)}</Typography>
        {signature.at ? (
          <>
            {name ? (
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {signature.userId === myUserId
                  ? intl.formatMessage({ id: 'signing.signature.you' }, { name })
                  : name}
              </Typography>
            ) : null}
            <Typography variant="body2">
              <FormattedMessage id="signing.signature.signed" values={{ when: format.dateTime(signature.at) }} />
              {method ? `, ${method}` : null}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <FormattedMessage id="signing.signature.notSigned" />
          </Typography>
        )}
        {deadline ? (
          <Box sx={{ mt: 0.5 }}>
            <DueDate deadline={deadline} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

function SignDialog({
  form,
  party,
  declaration,
  others,
  open,
  signing,
  signError,
  onSign,
  onClose,
  onSigned,
}: SignatureSectionProps & { open: boolean; others: Party[]; onClose: () => void; onSigned: () => void }) {
  const intl = useIntl();
  const format = useSigningFormat();
  const tickId = useId();
  const [withoutAdvisor, setWithoutAdvisor] = useState(false);
  const needsTick = party === 'teacher' && !hasSigned(form, 'advisor');

  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'signing.signDialog.title' })}
      confirmLabel={intl.formatMessage({ id: 'signing.signDialog.confirm' })}
      cancelLabel={intl.formatMessage({ id: 'signing.dialog.cancel' })}
      busy={signing}
      canConfirm={!needsTick || withoutAdvisor}
      onConfirm={() => {
        void onSign(needsTick && withoutAdvisor).then((signed) => {
          if (signed) {
            setWithoutAdvisor(false);
            onSigned();
          }
        });
      }}
      onClose={() => {
        setWithoutAdvisor(false);
        onClose();
      }}
    >
      <Stack spacing={2}>
        <Box
          component="blockquote"
          sx={{ m: 0, pl: 2, borderLeft: 4, borderColor: 'primary.main', fontStyle: 'normal' }}
        >
          <Typography sx={{ whiteSpace: 'pre-line' }}>{declaration}</Typography>
        </Box>
        <Typography>
          <FormattedMessage id="signing.signDialog.body" />
        </Typography>
        {others.length > 0 ? (
          <Alert severity="info" role="note">
            <FormattedMessage id="signing.signDialog.others" values={{ parties: format.parties(others) }} />
          </Alert>
        ) : (
          <Alert severity="warning" role="note">
            <FormattedMessage id="signing.signDialog.last" />
          </Alert>
        )}
        {needsTick ? (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={withoutAdvisor}
                  onChange={(event) => setWithoutAdvisor(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': tickId } }}
                />
              }
              label={intl.formatMessage({ id: 'signing.signDialog.withoutAdvisor' })}
            />
            <FormHelperText id={tickId} sx={{ mx: 0 }}>
              <FormattedMessage id="signing.signDialog.withoutAdvisorHelp" />
            </FormHelperText>
          </Box>
        ) : null}
        {signError ? <ErrorBox error={signError} message={intl.formatMessage({ id: 'signing.signFailed' })} /> : null}
      </Stack>
    </ConfirmDialog>
  );
}
