import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { useSetPrimarySupervisorMutation } from '@/features/placement/api/placementApi';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SupervisorBadges } from '@/features/placement/components/SupervisorBadges';
import type { Supervisor } from '@/features/placement/types';

interface StudentSupervisorsProps {
  classId: number;
  studentId: number;
  supervisors: Supervisor[];
}

/**
 * The student's supervisors, primary first. Another supervisor can be made
 * the primary one after a confirmation (spec §5).
 */
export function StudentSupervisors({ classId, studentId, supervisors }: StudentSupervisorsProps) {
  const intl = useIntl();
  const toast = useToast();
  const [candidate, setCandidate] = useState<Supervisor | null>(null);
  const [setPrimary, { isLoading, error, reset }] = useSetPrimarySupervisorMutation();
  const current = supervisors.find((s) => s.isPrimary) ?? null;

  const close = () => {
    setCandidate(null);
    reset();
  };

  const confirm = async () => {
    if (!candidate) return;
    try {
      await setPrimary({ classId, studentId, advisorUserId: candidate.id }).unwrap();
      toast.show('student.primary.done', 'success', { name: candidate.displayName });
      close();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <>
      <SupervisorBadges
        supervisors={supervisors}
        withContact
        onMakePrimary={setCandidate}
        emptyText={intl.formatMessage({ id: 'student.supervisors.none' })}
      />
      <ConfirmDialog
        open={candidate !== null}
        title={intl.formatMessage({ id: 'student.primary.title' }, { name: candidate?.displayName ?? '' })}
        confirmLabel={intl.formatMessage({ id: 'student.primary.confirm' })}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Typography>
          <FormattedMessage id="student.primary.body" />
        </Typography>
        {current ? (
          <Typography>
            <FormattedMessage id="student.primary.previous" values={{ name: current.displayName }} />
          </Typography>
        ) : null}
        {error ? <ErrorBox error={error} message={intl.formatMessage({ id: 'student.primary.failed' })} /> : null}
      </ConfirmDialog>
    </>
  );
}
