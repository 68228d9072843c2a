import type { RouteObject } from 'react-router';
import { publicRoutes } from './publicRoutes';
import { signedInRoutes } from './signedInRoutes';

export { publicRoutes, signedInRoutes };

/**
 * The route table for this page load, loaded at once (for tests). The app
 * itself renders `PublicApp` before sign-in and loads the signed-in routes
 * as a chunk of their own (main.tsx), out of the login page's download.
 */
export function routesFor(token: string | null): RouteObject[] {
  return token ? signedInRoutes : publicRoutes;
}
