import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Feedback';
import { placementPaths } from '@/features/placement/paths';
// The home is where the role starts: it comes with the app, the other pages when first opened.
import { StudentHomePage } from './components/StudentHomePage';

const StudentFormsPage = lazy(() => import('./components/StudentFormsPage').then((m) => ({ default: m.StudentFormsPage })));
const ProgressPage = lazy(() => import('@/features/progress/ProgressPage').then((m) => ({ default: m.ProgressPage })));
const JoinClassPage = lazy(() => import('./components/JoinClassPage').then((m) => ({ default: m.JoinClassPage })));
const InviteSupervisorPage = lazy(() =>
  import('./components/InviteSupervisorPage').then((m) => ({ default: m.InviteSupervisorPage })),
);

interface StudentRoutesProps {
  /** What `/student/privacy-policy` shows (the app's privacy page). */
  privacyPolicy?: ReactNode;
}

/**
 * The student's pages, for mounting at `/student/*` (spec §2). The form
 * page and the signing form are routed next to these by their owners.
 * Unknown paths go to `/student`.
 */
export function StudentRoutes({ privacyPolicy }: StudentRoutesProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<StudentHomePage />} />
        <Route path="forms" element={<StudentFormsPage />} />
        <Route path="join-class" element={<JoinClassPage />} />
        <Route path="progress" element={<ProgressPage />} />
        <Route path="supervisor/invite" element={<InviteSupervisorPage />} />
        {privacyPolicy ? <Route path="privacy-policy" element={privacyPolicy} /> : null}
        <Route path="*" element={<Navigate to={placementPaths.studentHome} replace />} />
      </Routes>
    </Suspense>
  );
}
