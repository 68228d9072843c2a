import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anders, demoStudent, hilde } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import { signedInApi } from '@/testing/renderApp';
import { StudentSupervisors } from './StudentSupervisors';

function renderSupervisors() {
  const bodies: unknown[] = [];
  const fetchMock = signedInApi(demoStudent(), {
    'POST /api/classes/2/students/8/primary-advisor': async (request) => {
      bodies.push(await request.json());
      return { status: 200, body: [{ ...hilde, isPrimary: true }, { ...anders, isPrimary: false }] };
    },
  });
  renderPage(<StudentSupervisors classId={2} studentId={8} supervisors={[hilde, anders]} />, {
    user: demoStudent(),
    path: '/student',
  });
  return { fetchMock, bodies };
}

describe('making a supervisor the primary one', () => {
  it('lists the primary supervisor first', async () => {
    renderSupervisors();
    const [first, second] = await screen.findAllByRole('listitem');
    if (!first || !second) throw new Error('two supervisors expected');
    expect(first).toHaveTextContent('Anders Moen (hovedveileder)');
    expect(second).toHaveTextContent('Hilde Bakken');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks first, and does nothing when cancelled', async () => {
    const user = userEvent.setup();
    const { bodies } = renderSupervisors();
    await user.click(await screen.findByRole('button', { name: 'Gjør Hilde Bakken til hovedveileder' }));
    const dialog = screen.getByRole('dialog', { name: 'Gjøre Hilde Bakken til hovedveileder?' });
    expect(dialog).toHaveTextContent('Anders Moen fortsetter som veileder for deg');
    // Cancel has the focus, so Enter never confirms by accident.
    expect(within(dialog).getByRole('button', { name: 'Avbryt' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
  });

  it('sets the primary supervisor once confirmed', async () => {
    const user = userEvent.setup();
    const { bodies } = renderSupervisors();
    await user.click(await screen.findByRole('button', { name: 'Gjør Hilde Bakken til hovedveileder' }));
    await user.click(screen.getByRole('button', { name: 'Gjør til hovedveileder' }));
    await waitFor(() => expect(bodies).toEqual([{ advisorUserId: 16 }]));
    expect(await screen.findByText('Hilde Bakken er nå hovedveilederen din.')).toBeInTheDocument();
  });
});
