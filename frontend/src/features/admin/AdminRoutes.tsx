import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AdminPanel } from './components/AdminPanel';
import { Loading } from '@/components/Feedback';

// Each area is its own chunk: an admin opening the users list does not load the form editor.
const FormsPage = lazy(() => import('./forms/FormsPage').then((m) => ({ default: m.FormsPage })));
const FormEditorPage = lazy(() => import('./forms/FormEditorPage').then((m) => ({ default: m.FormEditorPage })));
const SubjectsPage = lazy(() => import('./subjects/SubjectsPage').then((m) => ({ default: m.SubjectsPage })));
const SemestersPage = lazy(() => import('./semesters/SemestersPage').then((m) => ({ default: m.SemestersPage })));
const SemesterPage = lazy(() => import('./semesters/SemesterPage').then((m) => ({ default: m.SemesterPage })));
const ReportPage = lazy(() => import('./report/ReportPage').then((m) => ({ default: m.ReportPage })));
const ReportStudentsPage = lazy(() => import('./report/ReportStudentsPage').then((m) => ({ default: m.ReportStudentsPage })));
const ClassPage = lazy(() => import('./classes/ClassPage').then((m) => ({ default: m.ClassPage })));
const AdvisorPage = lazy(() => import('./classes/AdvisorPage').then((m) => ({ default: m.AdvisorPage })));
const ExpectationPage = lazy(() => import('./classes/ExpectationPage').then((m) => ({ default: m.ExpectationPage })));
const UsersPage = lazy(() => import('./users/UsersPage').then((m) => ({ default: m.UsersPage })));
const UserPage = lazy(() => import('./users/UserPage').then((m) => ({ default: m.UserPage })));
const ArchivePage = lazy(() => import('./archive/ArchivePage').then((m) => ({ default: m.ArchivePage })));
const PrivacyPage = lazy(() => import('./privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const ReminderSchedulePage = lazy(() =>
  import('@/features/reminders/ReminderSchedulePage').then((m) => ({ default: m.ReminderSchedulePage })),
);
const SchoolTextsPage = lazy(() => import('./texts/SchoolTextsPage').then((m) => ({ default: m.SchoolTextsPage })));

/** The panel, for the index route of `/admin` (where a splat route does not match). */
export { AdminPanel };

/**
 * Every administration screen, for mounting at `/admin/*` (spec §2):
 *
 * ```tsx
 * { path: '/admin', children: [{ index: true, element: <AdminPanel /> }, { path: '*', element: <AdminRoutes /> }] }
 * ```
 *
 * Unknown paths go back to the panel.
 */
export function AdminRoutes() {
  const { pathname } = useLocation();
  // A new screen starts at its top, not where the previous one was scrolled to.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname]);
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<AdminPanel />} />
        <Route path="forms" element={<FormsPage />} />
        <Route path="forms/create" element={<FormEditorPage />} />
        <Route path="forms/edit/:formId" element={<FormEditorPage />} />
        <Route path="subjects" element={<SubjectsPage />} />
        <Route path="semesters" element={<SemestersPage />} />
        <Route path="semesters/:semesterId" element={<SemesterPage />} />
        <Route path="semesters/:semesterId/report" element={<ReportPage />} />
        <Route path="semesters/:semesterId/report/students" element={<ReportStudentsPage />} />
        <Route path="class/:classId" element={<ClassPage />} />
        <Route path="class/:classId/advisor/:userId" element={<AdvisorPage />} />
        <Route path="class/:classId/form/:formId/assignment/:assignmentId" element={<ExpectationPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:userId" element={<UserPage />} />
        <Route path="texts" element={<SchoolTextsPage />} />
        <Route path="archive" element={<ArchivePage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="reminders" element={<ReminderSchedulePage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}
