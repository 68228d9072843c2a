import { useLocation, useNavigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/NotFoundPage';
import { FeideReturnPage } from '@/features/auth/components/FeideReturnPage';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { OtpRequestPage } from '@/features/auth/components/OtpRequestPage';
import { OtpVerifyPage } from '@/features/auth/components/OtpVerifyPage';
import { VippsReturnPage } from '@/features/auth/components/VippsReturnPage';
import { PublicLayout } from './layout/PublicLayout';
import { paths } from './paths';

/** The login page inside the router: the router's query and navigation. */
function RoutedLoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return <LoginPage search={search} navigate={(to) => void navigate(to)} />;
}

/**
 * Routes without a token (spec §2): the one-time-code pages, the returns
 * from Feide and Vipps, and the login page for every other path. The app
 * loads this table (and the router) only when a page other than the login
 * page is opened (see `PublicApp`); its layout catches page errors itself,
 * as the declarative router has no `errorElement`.
 */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.login, element: <OtpRequestPage variant="external" /> },
      { path: paths.loginSimple, element: <OtpRequestPage variant="simple" /> },
      { path: paths.otp, element: <OtpVerifyPage variant="external" /> },
      { path: paths.otpSimple, element: <OtpVerifyPage variant="simple" /> },
      { path: paths.feideReturn, element: <FeideReturnPage /> },
      { path: paths.vippsReturn, element: <VippsReturnPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: '*', element: <RoutedLoginPage /> },
    ],
  },
];

