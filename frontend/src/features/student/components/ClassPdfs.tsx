import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSession } from '@/features/auth/SessionProvider';
import {
  useGetPlacementSigningFormQuery,
  useGetStudentProgressQuery,
  useGetStudentWarningQuery,
} from '@/features/placement/api/placementApi';
import { ClassLine } from '@/features/placement/components/ClassLine';
import { Loading } from '@/components/Feedback';
import { PdfButtons } from '@/features/placement/components/PdfButtons';
import type { StudentClass } from '@/features/placement/types';

/**
 * The PDFs of one of the student's classes: only those that exist get a
 * button (the warning once sent, the signing form once created, the full
 * assessment once anything is answered).
 */
export function ClassPdfs({ cls, withHeading }: { cls: StudentClass; withHeading: boolean }) {
  const { user } = useSession();
  const target = { classId: cls.id, studentId: user.id };
  const progress = useGetStudentProgressQuery(target);
  const warning = useGetStudentWarningQuery(target);
  const signingForm = useGetPlacementSigningFormQuery(target);
  const loading = progress.isLoading || warning.isLoading || signingForm.isLoading;
  const answered =
    progress.data?.forms.some((form) =>
      form.halves.some((half) => half.student.answered + half.advisor.answered + half.teacher.answered > 0),
    ) ?? false;
  const warningSent = (warning.data?.submittedAt ?? null) !== null;
  const signingExists = (signingForm.data ?? null) !== null;
  return (
    <Box>
      {withHeading ? (
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          <ClassLine cls={cls} />
        </Typography>
      ) : null}
      {loading ? (
        <Loading compact />
      ) : (
        <PdfButtons
          target={target}
          available={{ full: answered || warningSent || signingExists, warning: warningSent, signingForm: signingExists }}
          fileLabel={`${cls.subject.subjectCode}-${cls.period.name}`.replace(/\s+/g, '-')}
          context={withHeading ? `${cls.subject.subjectCode} ${cls.period.name}` : undefined}
        />
      )}
    </Box>
  );
}
