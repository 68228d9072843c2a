import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { placementPaths } from '@/features/placement/paths';
import { ProgressPage } from '@/features/progress/ProgressPage';

/**
 * `/teacher/class/{classId}/student/{userId}/progress`: the student's record
 * across placements as the server shows it to the teacher (earlier
 * placements only while the student shares them).
 */
export function TeacherRecordPage() {
  const intl = useIntl();
  const { classId, userId } = useParams();
  const back = { to: placementPaths.studentPage('Teacher', Number(classId), Number(userId)), label: intl.formatMessage({ id: 'placement.back.student' }) };
  return <ProgressPage other={{ studentId: Number(userId), back }} />;
}
