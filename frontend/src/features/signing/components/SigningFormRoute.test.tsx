import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, signedInApi } from '@/testing/renderApp';
import { formIn } from '../testFixtures';

describe('the signing form route', () => {
  it('opens under the role that views it', async () => {
    signedInApi(demoUser({ id: 16, displayName: 'Hilde Bakken', roles: [ROLES.Advisor], teacherClasses: [] }), {
      'GET /api/classes/2': () => ({ status: 200, body: { id: 2, period: { id: 2, name: 'Høst 2026' }, subject: { id: 2, subjectCode: 'SYKP2100', name: 'Medisinsk avdeling' } } }),
      'GET /api/classes/advisor': () => ({
        status: 200,
        body: [{ id: 2, students: [{ id: 6, displayName: 'Emma Johansen', teacher: null, supervisors: [] }] }],
      }),
      'GET /api/classes/2/students/6/signingform': () => ({ status: 200, body: formIn('endCompleted') }),
    });
    renderApp({ route: '/advisor/class/2/student/6/signingform' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signeringsskjema' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Signer skjemaet' })).toBeInTheDocument();
  });

  it('shows the role chooser to a user without the role', async () => {
    signedInApi(demoUser({ roles: [ROLES.Student, ROLES.Advisor], teacherClasses: [] }));
    renderApp({ route: '/teacher/class/2/student/6/signingform' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Velg rolle' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signeringsskjema' })).not.toBeInTheDocument();
  });
});
