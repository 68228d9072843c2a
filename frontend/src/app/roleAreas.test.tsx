import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleName } from '@/features/auth/roles';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, signedInApi } from '@/testing/renderApp';

const AREAS: [RoleName, string][] = [
  ['Student', '/student'],
  ['Teacher', '/teacher'],
  ['Advisor', '/advisor'],
];

function signInAs(role: RoleName) {
  window.localStorage.setItem('activeRole', role);
  signedInApi(demoUser({ id: 8, roles: [ROLES[role]] }), {
    'GET /api/classes/me/student': () => ({ status: 200, body: [] }),
  });
}

describe.each(AREAS)('the %s area (spec §2)', (role, root) => {
  it('sends unknown paths to its root', async () => {
    signInAs(role);
    const { router } = renderApp({ route: `${root}/no/such/page` });
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
  });

  it('shows the privacy policy under the role', async () => {
    signInAs(role);
    const { router } = renderApp({ route: `${root}/privacy-policy` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Personvernerklæring' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`${root}/privacy-policy`);
  });
});

describe("a student's form page", () => {
  it('sends a student without a class to the student home', async () => {
    signInAs('Student');
    const { router } = renderApp({ route: '/student/8/form/1/class/2/assignment/3' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
  });
});
