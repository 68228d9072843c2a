import { startEarly } from '@/api/earlyRequests';

/** `GET /api/users/me`, relative to /api/: the signed-in user with roles and class relations. */
export const ME_PATH = 'users/me';

/**
 * Asks for the signed-in user at once, from the entry, while the signed-in
 * app still downloads; its api slice takes the answer (see earlyRequests).
 */
export function startMeRequest(): void {
  startEarly(ME_PATH);
}
