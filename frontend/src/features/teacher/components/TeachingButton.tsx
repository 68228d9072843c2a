import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useSetTeachingMutation } from '@/features/placement/api/placementApi';
import { ConfirmDialog } from '@/components/ConfirmDialog';

interface TeachingButtonProps {
  classId: number;
  /** "SYKP2100 Høst 2026", for the button's name and the dialog. */
  className: string;
  isMine: boolean;
  size?: 'medium' | 'large';
}

/** Join a class as teacher, or leave it after a confirmation (the students keep their place). */
export function TeachingButton({ classId, className, isMine, size = 'large' }: TeachingButtonProps) {
  const intl = useIntl();
  const toast = useToast();
  const [setTeaching, { isLoading, error, reset }] = useSetTeachingMutation();
  const [leaving, setLeaving] = useState(false);

  const join = async () => {
    try {
      await setTeaching({ classId, join: true }).unwrap();
      toast.show('teacher.joined', 'success', { name: className });
    } catch (failure) {
      toast.error(failure);
    }
  };

  const leave = async () => {
    try {
      await setTeaching({ classId, join: false }).unwrap();
      setLeaving(false);
      toast.show('teacher.left', 'success', { name: className });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <>
      {isMine ? (
        <Button
          variant="outlined"
          color="inherit"
          size={size}
          sx={{ minHeight: 44 }}
          onClick={() => {
            reset();
            setLeaving(true);
          }}
          aria-label={intl.formatMessage({ id: 'teacher.leaveNamed' }, { name: className })}
        >
          <FormattedMessage id="teacher.leave" />
        </Button>
      ) : (
        <Button
          variant="contained"
          size={size}
          sx={{ minHeight: 44 }}
          loading={isLoading}
          onClick={() => void join()}
          aria-label={intl.formatMessage({ id: 'teacher.joinNamed' }, { name: className })}
        >
          <FormattedMessage id="teacher.join" />
        </Button>
      )}
      <ConfirmDialog
        open={leaving}
        title={intl.formatMessage({ id: 'teacher.leaveTitle' }, { name: className })}
        confirmLabel={intl.formatMessage({ id: 'teacher.leave' })}
        busy={isLoading}
        onConfirm={() => void leave()}
        onClose={() => setLeaving(false)}
      >
        <Typography>
          <FormattedMessage id="teacher.leaveBody" />
        </Typography>
        {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'teacher.leaveFailed' })} /> : null}
      </ConfirmDialog>
    </>
  );
}
