import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { signedInApi } from '@/testing/renderApp';
import { renderPage } from '../testing/renderPage';
import type { AuditEntry } from '../types';
import { AuditTrail } from './AuditTrail';

const TRAIL_PATH = 'GET /api/classes/2/students/6/audit';

const entry = (
  id: number,
  occurredAt: string,
  label: string,
  actorName: string,
  actorRole: AuditEntry['actorRole'],
): AuditEntry => ({
  id,
  occurredAt,
  action: 'signingForm.signed',
  label,
  entity: 'signingForm',
  entityId: 9,
  actorId: actorName ? id : null,
  actorName,
  actorRole,
});

/** The trail as the server sends it: newest first. */
const TRAIL: AuditEntry[] = [
  entry(6, '2026-11-23T10:30:00Z', 'Resultatet er arkivert', '', 'system'),
  entry(5, '2026-11-20T10:30:00Z', 'Signeringsskjemaet er låst', '', 'system'),
  entry(4, '2026-11-20T10:30:00Z', 'Signert av student (innlogget med engangskode)', 'Emma Johansen', 'S'),
  entry(3, '2026-11-20T09:00:00Z', 'Signert av praksisveileder (innlogget med Vipps)', 'Hilde Bakken', 'PV'),
  entry(2, '2026-11-20T08:00:00Z', 'Signert av praksislærer (innlogget med Feide)', 'Marte Solberg', 'PL'),
  entry(1, '2026-10-13T15:01:00Z', 'Varsel om fare for ikke bestått sendt', 'Marte Solberg', 'PL'),
];

const teacher = demoUser({ id: 2, displayName: 'Marte Solberg', roles: [ROLES.Teacher], teacherClasses: [2] });

function show() {
  renderPage(<AuditTrail target={{ classId: 2, studentId: 6 }} />, { user: teacher, path: '/' });
}

describe('AuditTrail', () => {
  it('lists what happened, newest first, each with its time and who did it', async () => {
    signedInApi(teacher, { [TRAIL_PATH]: () => ({ status: 200, body: TRAIL }) });
    show();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Signert|Resultatet|Signeringsskjemaet|Varsel)/).textContent)).toEqual(
      TRAIL.map((e) => e.label),
    );
    // The three signatures, in the order they were given (read from the bottom up).
    expect(items[4]).toHaveTextContent('Marte Solberg (PL)');
    expect(items[3]).toHaveTextContent('Hilde Bakken (PV)');
    expect(items[2]).toHaveTextContent('Emma Johansen (S)');
    // The system's own steps say so, rather than naming a person.
    expect(items[0]).toHaveTextContent('Automatisk');
    // Each time is a machine-readable <time>.
    for (const [i, item] of items.entries()) {
      expect(item.querySelector('time')).toHaveAttribute('datetime', TRAIL[i]?.occurredAt);
    }
  });

  it('says when nothing is logged yet', async () => {
    signedInApi(teacher, { [TRAIL_PATH]: () => ({ status: 200, body: [] }) });
    show();
    expect(await screen.findByText('Ingenting er logget for studenten ennå.')).toBeInTheDocument();
  });

  it('says it could not fetch the trail, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedInApi(teacher, {
      [TRAIL_PATH]: () =>
        fail
          ? { status: 500, body: { description: 'Intern feil', statusCode: 500, errors: [] } }
          : { status: 200, body: TRAIL },
    });
    show();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Klarte ikke hente loggen.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(TRAIL.length));
  });
});
