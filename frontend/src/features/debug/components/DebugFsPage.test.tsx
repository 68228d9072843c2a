import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, signedInApi } from '@/testing/renderApp';

describe('/debug/fs', () => {
  it('shows the course memberships, and says so when the user never signed in with Feide', async () => {
    signedInApi(demoUser({ roles: [ROLES.Student] }), {
      'GET /api/memberships': () => ({
        status: 200,
        body: [
          {
            groupId: 'fc:fs:fs:emne:demo.test:SYKP2100:1',
            realm: 'demo.test',
            subjectCode: 'SYKP2100',
            version: '1',
            displayName: 'Praksisstudier – medisinsk avdeling',
            roles: ['STUDENT'],
            active: true,
          },
        ],
      }),
      'GET /api/auth/feide-info': () => ({
        status: 404,
        body: {
          description: 'Du har ikke logget inn med Feide.',
          statusCode: 404,
          errors: [{ reason: 'noFeideProfile', description: 'Du har ikke logget inn med Feide.' }],
        },
      }),
      'GET /api/auth/feide-group-memberships': () => ({ status: 200, body: [] }),
    });
    renderApp({ route: '/debug/fs' });

    // The page loads on demand.
    expect(await screen.findByRole('heading', { level: 1, name: 'Feide-data' }, { timeout: 10_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'SYKP2100 (1)' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'STUDENT' })).toBeInTheDocument();
    expect(await screen.findByText('Du har ikke logget inn med Feide.')).toBeInTheDocument();
    expect(screen.getByText('Ingen.')).toBeInTheDocument();
  });
});
