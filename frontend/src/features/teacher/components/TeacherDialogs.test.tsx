import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { StudentRow } from '@/features/placement/types';
import { signedInApi } from '@/testing/renderApp';
import { demoUser } from '@/testing/fixtures';
import { AddSupervisorDialog } from './AddSupervisorDialog';
import { AssignStudentsDialog } from './AssignStudentsDialog';

const row = (id: number, displayName: string, teacher: StudentRow['teacher'] = null): StudentRow => ({
  id,
  displayName,
  email: `${id}@stud.demo.test`,
  isMine: false,
  teacher,
  supervisors: [],
  warning: 'none',
  signingForm: { status: 'none', signedByTeacher: false, signedByStudent: false, signedByAdvisor: false },
  forms: [],
});

describe('adding a supervisor to the class (spec §2, §5)', () => {
  function renderAdd() {
    const posted: unknown[] = [];
    const onClose = vi.fn();
    signedInApi(demoUser(), {
      'POST /api/classes/2/advisors': async (request) => {
        posted.push(await request.json());
        return { status: 201, body: { id: 40, displayName: 'Kari Lie', email: 'kari@sykehus.test', accountCreated: true, linked: true } };
      },
    });
    renderPage(<AddSupervisorDialog open classId={2} onClose={onClose} />, { user: demoUser(), path: '/teacher/class/2' });
    const dialog = screen.getByRole('dialog', { name: 'Legg til praksisveileder' });
    return { posted, onClose, dialog };
  }

  it('requires both the name and the e-mail address', async () => {
    const { posted, dialog } = renderAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Legg til' }));
    expect(within(dialog).getByRole('textbox', { name: /^Navn/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: /^E-postadresse/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Navn/ }), 'Kari Lie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Legg til' }));
    expect(within(dialog).getByRole('textbox', { name: /^E-postadresse/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('adds the supervisor by name and e-mail and says so', async () => {
    const { posted, onClose, dialog } = renderAdd();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Navn/ }), ' Kari Lie ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-postadresse/ }), 'kari@sykehus.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Legg til' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ name: 'Kari Lie', email: 'kari@sykehus.test' }]);
    expect(await screen.findByText('Kari Lie er lagt til i klassen.')).toBeVisible();
  });
});

describe('assigning students (spec §2)', () => {
  it('takes several students at once', async () => {
    const posted: unknown[] = [];
    const onClose = vi.fn();
    signedInApi(demoUser(), {
      'POST /api/classes/2/students/mine': async (request) => {
        posted.push(await request.json());
        return { status: 200, body: [] };
      },
    });
    renderPage(
      <AssignStudentsDialog
        open
        classId={2}
        candidates={[row(7, 'Jonas Berg'), row(8, 'Sara Ali', { id: 3, displayName: 'Per Kristian Dahl' }), row(9, 'Ida Karlsen')]}
        onClose={onClose}
      />,
      { user: demoUser(), path: '/teacher/class/2' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Legg til studenter' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Jonas Berg/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Sara Ali/ }));
    expect(within(dialog).getByText(/Én av studentene du har valgt, har en annen praksislærer/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Legg til (2)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
    expect(posted[0]).toEqual({ studentIds: [7, 8] });
    expect(await screen.findByText('2 studenter er lagt til.')).toBeVisible();
  });
});
