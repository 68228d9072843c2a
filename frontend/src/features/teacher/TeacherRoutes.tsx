import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Feedback';
import { placementPaths } from '@/features/placement/paths';
// The home is where the role starts: it comes with the app, the other pages when first opened.
import { TeacherHomePage } from './components/TeacherHomePage';

const TeacherClassPage = lazy(() => import('./components/TeacherClassPage').then((m) => ({ default: m.TeacherClassPage })));
const TeacherAdvisorPage = lazy(() =>
  import('./components/TeacherAdvisorPage').then((m) => ({ default: m.TeacherAdvisorPage })),
);
const TeacherStudentPage = lazy(() =>
  import('@/features/placement/components/StudentPage').then((m) => ({
    default: function TeacherStudentPage() {
      return <m.StudentPage viewer="Teacher" />;
    },
  })),
);

const TeacherRecordPage = lazy(() =>
  import('./components/TeacherRecordPage').then((m) => ({ default: m.TeacherRecordPage })),
);

interface TeacherRoutesProps {
  /** What `/teacher/privacy-policy` shows (the app's privacy page). */
  privacyPolicy?: ReactNode;
}

/**
 * The practice teacher's pages, for mounting at `/teacher/*` (spec §2). The
 * form page and the signing form are routed next to these by their owners.
 * Unknown paths go to `/teacher`.
 */
export function TeacherRoutes({ privacyPolicy }: TeacherRoutesProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<TeacherHomePage />} />
        <Route path="class/:classId" element={<TeacherClassPage />} />
        <Route path="class/:classId/student/:userId" element={<TeacherStudentPage />} />
        <Route path="class/:classId/student/:userId/progress" element={<TeacherRecordPage />} />
        <Route path="class/:classId/advisor/:userId" element={<TeacherAdvisorPage />} />
        {privacyPolicy ? <Route path="privacy-policy" element={privacyPolicy} /> : null}
        <Route path="*" element={<Navigate to={placementPaths.teacherHome} replace />} />
      </Routes>
    </Suspense>
  );
}
