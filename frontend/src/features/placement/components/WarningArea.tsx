import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasStatus } from '@/api/errors';
import { useToast } from '@/components/toast/useToast';
import {
  useDeleteWarningMutation,
  useGetStudentWarningQuery,
  useGetWarningDeadlineQuery,
  type StudentInClass,
} from '../api/placementApi';
import { useFormatters } from '../format';
import { todayIso } from '../mainForm';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadFailed, Loading } from '@/components/Feedback';
import { Section } from './Layout';
import { WarningDialog } from './WarningDialog';
import { WarningTextsView } from './WarningTextsView';

interface WarningAreaProps {
  target: StudentInClass;
  studentName: string;
  /** The teacher writes, sends and deletes; a supervisor only reads (spec §6). */
  canManage: boolean;
}

/**
 * The warning of possible failure on the student page: the last date a
 * warning can be given, where the warning stands, its texts, and for
 * teachers writing, sending and deleting it.
 */
export function WarningArea({ target, studentName, canManage }: WarningAreaProps) {
  const intl = useIntl();
  const format = useFormatters();
  const toast = useToast();
  const warning = useGetStudentWarningQuery(target);
  const deadline = useGetWarningDeadlineQuery(target);
  const [writing, setWriting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove, removal] = useDeleteWarningMutation();

  const title = intl.formatMessage({ id: 'placement.warning.title' });

  // Only the student's own supervisors see the warning.
  if (hasStatus(warning.error, 403)) {
    return (
      <Section title={title}>
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="placement.warning.notVisible" />
        </Typography>
      </Section>
    );
  }

  const current = warning.data ?? null;
  const sent = current?.submittedAt ?? null;
  const lastDate = deadline.data?.lastDate ?? null;
  const pastDeadline = lastDate !== null && todayIso() > lastDate;

  const confirmDelete = async () => {
    try {
      await remove(target).unwrap();
      setDeleting(false);
      toast.deleted();
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Section
      title={title}
      action={
        canManage && !sent && !warning.isLoading && !warning.error ? (
          <Button
            variant={current ? 'outlined' : 'contained'}
            color="warning"
            size="large"
            startIcon={<EditOutlinedIcon aria-hidden />}
            onClick={() => setWriting(true)}
          >
            <FormattedMessage id={current ? 'placement.warning.continueDraft' : 'placement.warning.write'} />
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        {canManage && deadline.data ? (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>
              <FormattedMessage id="placement.warning.deadline" values={{ date: format.longDay(deadline.data.lastDate) }} />
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="placement.warning.deadlineHelp" values={{ midpoint: format.day(deadline.data.midpoint) }} />
            </Typography>
            {pastDeadline && !sent ? (
              <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                <FormattedMessage id="placement.warning.deadlinePassed" />
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {canManage && deadline.error ? (
          <LoadFailed
            error={deadline.error}
            message={intl.formatMessage({ id: 'placement.warning.deadlineFailed' })}
            retry={() => void deadline.refetch()}
          />
        ) : null}

        {warning.isLoading ? (
          <Loading compact />
        ) : warning.error ? (
          <LoadFailed
            error={warning.error}
            message={intl.formatMessage({ id: 'placement.warning.loadFailed' })}
            retry={() => void warning.refetch()}
          />
        ) : !current ? (
          <Typography>
            <FormattedMessage id="placement.warning.none" />
          </Typography>
        ) : !sent ? (
          <Alert severity="info">
            <AlertTitle>
              <FormattedMessage id="placement.warning.draft" />
            </AlertTitle>
            <FormattedMessage id="placement.warning.draftSaved" values={{ when: format.moment(current.updatedAt) }} />
          </Alert>
        ) : (
          <>
            <Alert severity={current.studentConfirmedWarningAt ? 'info' : 'warning'}>
              <AlertTitle>
                <FormattedMessage id="placement.warning.given" values={{ when: format.moment(sent) }} />
              </AlertTitle>
              {current.studentConfirmedWarningAt ? (
                <FormattedMessage
                  id="placement.warning.confirmedBy"
                  values={{ when: format.moment(current.studentConfirmedWarningAt) }}
                />
              ) : (
                <FormattedMessage id="placement.warning.notConfirmed" />
              )}
            </Alert>
            <WarningTextsView texts={current} />
          </>
        )}

        {canManage && current && sent && !current.studentConfirmedWarningAt ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <FormattedMessage id="placement.warning.deleteAfterConfirm" />
          </Typography>
        ) : null}
        {/* A draft may be deleted at any time; a sent warning once the student has confirmed it (spec §4). */}
        {canManage && current && (!sent || current.studentConfirmedWarningAt) ? (
          <Box>
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon aria-hidden />}
              onClick={() => setDeleting(true)}
              sx={{ minHeight: 44 }}
            >
              <FormattedMessage id={sent ? 'placement.warning.delete' : 'placement.warning.deleteDraft'} />
            </Button>
          </Box>
        ) : null}
      </Stack>

      {writing ? (
        <WarningDialog
          open
          target={target}
          studentName={studentName}
          warning={current}
          deadline={deadline.data ?? null}
          onClose={() => setWriting(false)}
          onSent={() => {
            setWriting(false);
            toast.show('placement.warning.sent', 'success');
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={intl.formatMessage({ id: 'placement.warning.deleteTitle' })}
        confirmLabel={intl.formatMessage({ id: 'placement.warning.deleteConfirm' })}
        destructive
        busy={removal.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(false)}
      >
        <Typography>
          <FormattedMessage id={sent ? 'placement.warning.deleteBody' : 'placement.warning.deleteDraftBody'} values={{ name: studentName }} />
        </Typography>
      </ConfirmDialog>
    </Section>
  );
}
