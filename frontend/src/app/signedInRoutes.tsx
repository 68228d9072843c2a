import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { AdminPanel, AdminRoutes } from '@/features/admin/AdminRoutes';
import { AdvisorRoutes } from '@/features/advisor/AdvisorRoutes';
import { answeringRoutes, independenceScaleRoute } from '@/features/answering/routes';
import { AcceptInvitationPage } from '@/features/advisor/components/AcceptInvitationPage';
import { ROLE_NAMES, rolePath, type RoleName } from '@/features/auth/roles';
import { RoleHomePage } from '@/features/home/components/RoleHomePage';
import { PrivacyPolicyPage } from '@/features/privacy/components/PrivacyPolicyPage';
import { SIGNING_FORM_ROUTE, SIGNING_ROLES } from '@/features/signing/paths';
import { StudentRoutes } from '@/features/student/StudentRoutes';
import { TeacherRoutes } from '@/features/teacher/TeacherRoutes';
import { RouteError } from './layout/RouteError';
import { ActiveRoleRedirect, RoleArea, SignedInLayout } from './layout/SignedInLayout';
import { paths } from './paths';

/** The pages of the placement roles, each with its home and its own fallback to it (spec §2). */
const placementAreas: Partial<Record<RoleName, ReactNode>> = {
  Student: <StudentRoutes />,
  Teacher: <TeacherRoutes />,
  Advisor: <AdvisorRoutes />,
};

/**
 * Routes with a token (spec §2): each role's pages under `/{role}`, the
 * privacy policy, the Feide debug page. The layout shows the role chooser
 * on every path until a role is active.
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: <SignedInLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <ActiveRoleRedirect /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
      {
        path: paths.myData,
        lazy: async () => {
          const { MyDataPage } = await import('@/features/personalData/MyDataPage');
          return { Component: MyDataPage };
        },
      },
      {
        path: paths.debugFs,
        lazy: async () => {
          const { DebugFsPage } = await import('@/features/debug/components/DebugFsPage');
          return { Component: DebugFsPage };
        },
      },
      { path: paths.acceptInvitation, element: <AcceptInvitationPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      independenceScaleRoute,
      // A student's signing form, for the class's teacher, the student and the supervisor (spec §2).
      ...SIGNING_ROLES.map(
        (role): RouteObject => ({
          path: `${rolePath(role)}/${SIGNING_FORM_ROUTE}`,
          element: <RoleArea role={role} />,
          children: [
            {
              index: true,
              lazy: async () => {
                const { SigningFormPage } = await import('@/features/signing');
                return { Component: SigningFormPage };
              },
            },
          ],
        }),
      ),
      ...ROLE_NAMES.map(
        (role): RouteObject => ({
          path: rolePath(role),
          element: <RoleArea role={role} />,
          children: [
            // A placement role's home is routed by its own area, which also handles the index.
            {
              index: true,
              element: placementAreas[role] ?? (role === 'Admin' ? <AdminPanel /> : <RoleHomePage role={role} />),
            },
            { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
            // The form page and the form view (spec §2).
            ...answeringRoutes(role),
            // Unknown paths under a role go to its home (spec §2); the placement roles route their own pages.
            // The administration's screens (spec §2) are routed by the admin feature.
            {
              path: '*',
              element: placementAreas[role] ?? (role === 'Admin' ? <AdminRoutes /> : <Navigate to={rolePath(role)} replace />),
            },
          ],
        }),
      ),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
