import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/NotFoundPage';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { PublicLayout } from './layout/PublicLayout';
import { paths } from './paths';

/**
 * The route table. Without a token every path shows the login page (spec §2);
 * `/404` shows the not-found page, which the signed-in routes (a later issue)
 * will also use for unknown paths.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: '*', element: <LoginPage /> },
    ],
  },
];
