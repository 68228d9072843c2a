import type { RouteObject } from 'react-router';
import { API_CACHE } from '@/pwa/cacheNames';
import { publicRoutes } from './publicRoutes';

/**
 * The route table for this page load: signed in or not is decided once, as
 * sign-in and sign-out reload the page. The signed-in pages are a chunk of
 * their own, so a visitor on the login page downloads only the public ones.
 */
export async function loadRoutes(token: string | null): Promise<RouteObject[]> {
  if (!token) {
    // The session has ended (sign-out, expired token, tab closed): the API
    // answers the service worker kept for the user go; the shell stays.
    if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => false);
    return publicRoutes;
  }
  const { signedInRoutes } = await import('./signedInRoutes');
  return signedInRoutes;
}
