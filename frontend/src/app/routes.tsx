import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { FeideReturnPage } from '@/features/auth/components/FeideReturnPage';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { OtpRequestPage } from '@/features/auth/components/OtpRequestPage';
import { OtpVerifyPage } from '@/features/auth/components/OtpVerifyPage';
import { VippsReturnPage } from '@/features/auth/components/VippsReturnPage';
import { ROLE_NAMES, rolePath } from '@/features/auth/roles';
import { RoleHomePage } from '@/features/home/components/RoleHomePage';
import { PrivacyPolicyPage } from '@/features/privacy/components/PrivacyPolicyPage';
import { PublicLayout } from './layout/PublicLayout';
import { RouteError } from './layout/RouteError';
import { ActiveRoleHome, ActiveRoleRedirect, RoleArea, SignedInLayout } from './layout/SignedInLayout';
import { paths } from './paths';

/**
 * Routes without a token (spec §2): the one-time-code pages, the returns
 * from Feide and Vipps, and the login page for every other path.
 */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.login, element: <OtpRequestPage variant="external" /> },
      { path: paths.loginSimple, element: <OtpRequestPage variant="simple" /> },
      { path: paths.otp, element: <OtpVerifyPage variant="external" /> },
      { path: paths.otpSimple, element: <OtpVerifyPage variant="simple" /> },
      { path: paths.feideReturn, element: <FeideReturnPage /> },
      { path: paths.vippsReturn, element: <VippsReturnPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: '*', element: <LoginPage /> },
    ],
  },
];

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
        path: paths.debugFs,
        lazy: async () => {
          const { DebugFsPage } = await import('@/features/debug/components/DebugFsPage');
          return { Component: DebugFsPage };
        },
      },
      // Accepting the invitation is its own page (a later issue); until then
      // the invited user lands on the home of their role, the guid kept in the address.
      { path: paths.acceptInvitation, element: <ActiveRoleHome /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      ...ROLE_NAMES.map(
        (role): RouteObject => ({
          path: rolePath(role),
          element: <RoleArea role={role} />,
          children: [
            { index: true, element: <RoleHomePage role={role} /> },
            { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
            // Unknown paths under a role go to its home (spec §2).
            { path: '*', element: <Navigate to={rolePath(role)} replace /> },
          ],
        }),
      ),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The route table for this page load: signed in or not is decided once, as sign-in and sign-out reload the page. */
export function routesFor(token: string | null): RouteObject[] {
  return token ? signedInRoutes : publicRoutes;
}
