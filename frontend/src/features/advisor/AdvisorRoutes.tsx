import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Feedback';
import { placementPaths } from '@/features/placement/paths';
// The home is where the role starts: it comes with the app, the other pages when first opened.
import { AdvisorHomePage } from './components/AdvisorHomePage';

const AdvisorClassPage = lazy(() => import('./components/AdvisorClassPage').then((m) => ({ default: m.AdvisorClassPage })));
const AdvisorStudentPage = lazy(() =>
  import('@/features/placement/components/StudentPage').then((m) => ({
    default: function AdvisorStudentPage() {
      return <m.StudentPage viewer="Advisor" />;
    },
  })),
);

interface AdvisorRoutesProps {
  /** What `/advisor/privacy-policy` shows (the app's privacy page). */
  privacyPolicy?: ReactNode;
}

/**
 * The practice supervisor's pages, for mounting at `/advisor/*` (spec §2).
 * The form page and the signing form are routed next to these by their
 * owners. Unknown paths go to `/advisor`.
 */
export function AdvisorRoutes({ privacyPolicy }: AdvisorRoutesProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<AdvisorHomePage />} />
        <Route path="class/:classId" element={<AdvisorClassPage />} />
        <Route path="class/:classId/student/:userId" element={<AdvisorStudentPage />} />
        {privacyPolicy ? <Route path="privacy-policy" element={privacyPolicy} /> : null}
        <Route path="*" element={<Navigate to={placementPaths.advisorHome} replace />} />
      </Routes>
    </Suspense>
  );
}
