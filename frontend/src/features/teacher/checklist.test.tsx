import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoClass } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { PlacementClass } from '@/features/placement/types';
import { demoUser } from '@/testing/fixtures';
import { signedInApi } from '@/testing/renderApp';
import { checklistKey, dismissChecklist, isChecklistDismissed } from './checklist';
import { TeacherClassPage } from './components/TeacherClassPage';

describe('the checklist dismissal', () => {
  it('is kept per semester and class', () => {
    expect(isChecklistDismissed(2, 7)).toBe(false);
    dismissChecklist(2, 7);
    expect(isChecklistDismissed(2, 7)).toBe(true);
    expect(isChecklistDismissed(2, 8)).toBe(false);
    expect(isChecklistDismissed(3, 7)).toBe(false);
    expect(window.localStorage.getItem(checklistKey(2, 7))).not.toBeNull();
  });
});

const teacher = demoUser();

function renderClass(cls: PlacementClass, isTeacher = true) {
  signedInApi(teacher, {
    [`GET /api/classes/${cls.id}`]: () => ({ status: 200, body: cls }),
    [`GET /api/classes/${cls.id}/users`]: () => ({
      status: 200,
      body: { teachers: isTeacher ? [{ id: teacher.id, displayName: teacher.displayName }] : [], students: [], advisors: [] },
    }),
    [`GET /api/classes/${cls.id}/students`]: () => ({ status: 200, body: [] }),
    [`GET /api/classes/${cls.id}/signing-status`]: () => ({ status: 200, body: [] }),
  });
  return renderPage(<TeacherClassPage />, { user: teacher, path: '/teacher/class/:classId', route: `/teacher/class/${cls.id}` });
}

// The class page loads several things first; on a busy machine that takes more than a second.
const checklist = () => screen.findByRole('dialog', { name: 'Sjekkliste for praksislærer' }, { timeout: 5000 });

describe('the checklist on the class page', () => {
  it('shows by itself with start, mid and end, and again next time when only closed', async () => {
    const user = userEvent.setup();
    const first = renderClass(demoClass());
    const dialog = await checklist();
    for (const section of ['Ved oppstart', 'Ved midtveisvurdering', 'Ved sluttvurdering']) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Lukk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    first.unmount();

    renderClass(demoClass());
    expect(await checklist()).toBeInTheDocument();
  });

  it('stays away in that class and semester once dismissed, and can still be opened', async () => {
    const user = userEvent.setup();
    const first = renderClass(demoClass());
    await user.click(within(await checklist()).getByRole('button', { name: 'Ikke vis igjen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(isChecklistDismissed(2, 2)).toBe(true);
    first.unmount();

    const again = renderClass(demoClass());
    await screen.findByRole('heading', { level: 1, name: /Praksisstudier/ });
    await screen.findByRole('button', { name: /^Forlat/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sjekkliste' }));
    expect(await checklist()).toBeInTheDocument();
    again.unmount();

    // Another class, and the same class in another semester, still show it.
    const otherClass = renderClass(demoClass({ id: 3 }));
    expect(await checklist()).toBeInTheDocument();
    otherClass.unmount();
    renderClass(demoClass({ periodId: 5, period: { ...demoClass().period, id: 5, name: 'Vår 2027' } }));
    expect(await checklist()).toBeInTheDocument();
  });

  it('does not show by itself to a teacher who is not in the class', async () => {
    renderClass(demoClass(), false);
    await screen.findByRole('button', { name: /^Bli med/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
