import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, problem, renderAdmin } from '../testing/renderAdmin';
import { GROUP_TYPE_GRADING, GROUP_TYPE_TEXT, type Form, type SchoolClass } from '../types';
import { checkClassDates } from './classDates';
// Loaded up front, so the lazy route does not wait for the module.
import './ExpectationPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const form: Form = {
  id: 1,
  name: 'Hovedskjema',
  isMainForm: true,
  hasGuidancePdf: false,
  guidancePdfName: null,
  groups: [
    {
      id: 1,
      formId: 1,
      name: 'Kommunikasjon',
      type: GROUP_TYPE_GRADING,
      order: 1,
      options: [],
      questions: [
        { id: 11, formQuestionGroupId: 1, text: 'Lytter', order: 1, helpText: null },
        { id: 12, formQuestionGroupId: 1, text: 'Informerer', order: 2, helpText: null },
      ],
    },
    {
      id: 2,
      formId: 1,
      name: 'Refleksjon',
      type: GROUP_TYPE_TEXT,
      order: 2,
      options: [],
      questions: [{ id: 21, formQuestionGroupId: 2, text: 'Hva lærte du?', order: 1, helpText: null }],
    },
  ],
};
const period = { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' as const };
const schoolClass: SchoolClass = {
  id: 4,
  periodId: 2,
  period,
  subjectId: 9,
  subject: { id: 9, subjectCode: 'SYKP2100', name: 'Medisin' },
  assignments: [
    { id: 7, classId: 4, formId: 1, isMidSemester: true, forms: [{ id: 1, name: 'Hovedskjema', isMainForm: true }] },
    { id: 8, classId: 4, formId: 1, isMidSemester: false, forms: [{ id: 1, name: 'Hovedskjema', isMainForm: true }] },
  ],
  midSemesterDate: null,
  endSemesterDate: null,
  currentMainAssignment: null,
  forms: [{ id: 1, name: 'Hovedskjema', isMainForm: true }],
};

describe('expectation view', { timeout: SLOW }, () => {
  it('goes to / without the previous path in the navigation state', async () => {
    fakeApi({});
    renderAdmin({ route: '/admin/class/4/form/1/assignment/7' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('saves the expected level per question for the half chosen', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/classes/4': { body: schoolClass },
      'GET /api/forms/1': { body: form },
      'GET /api/classes/4/forms/1/expectations': ({ query }) =>
        query.get('isMidSemester') === 'true'
          ? { body: { classId: 4, formId: 1, isMidSemester: true, answers: [{ formQuestionId: 11, value: '2' }] } }
          : problem(404, 'Ingen forventninger'),
      'POST /api/classes/4/expectations': ({ body }) => ({ body }),
    });
    renderAdmin({ route: '/admin/class/4/form/1/assignment/7', state: { from: '/admin/class/4' } });

    const first = await screen.findByRole('group', { name: '1. Lytter' }, { timeout: 10_000 });
    expect(within(first).getByLabelText('Veiledet')).toBeChecked();
    // Free-text groups have no expectations.
    expect(screen.getByText(/Én gruppe med fritekst/)).toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: '2. Informerer' })).getByLabelText('Ikke relevant'));
    await user.click(screen.getByText('Lagre forventninger'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      classId: 4,
      formId: 1,
      isMidSemester: true,
      answers: [
        { formQuestionId: 11, value: '2' },
        { formQuestionId: 12, value: '5' },
      ],
    });

    // The end of the semester has none yet; the address names its assignment.
    await user.click(screen.getByRole('button', { name: 'Slutt' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/class/4/form/1/assignment/8'));
    expect(await screen.findByText('Det er ikke satt forventninger ennå.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '1. Lytter' })).getByLabelText('Ingen forventning')).toBeChecked();

    await user.click(screen.getByText('Lukk'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/class/4'));
  });
});

describe('mid/end toggle', { timeout: SLOW }, () => {

  it('is a labelled group for main forms that follows the assignment and works from the keyboard', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/classes/4': { body: schoolClass },
      'GET /api/forms/1': { body: form },
      'GET /api/classes/4/forms/1/expectations': problem(404, 'Ingen forventninger'),
      'POST /api/classes/4/expectations': ({ body }) => ({ body }),
    });
    // The end-semester assignment opens on the end half.
    renderAdmin({ route: '/admin/class/4/form/1/assignment/8', state: { from: '/admin/class/4' } });
    const toggle = await screen.findByRole('group', { name: 'Tidspunkt' }, { timeout: 10_000 });
    const mid = within(toggle).getByRole('button', { name: 'Midtveis' });
    const end = within(toggle).getByRole('button', { name: 'Slutt' });
    expect(end).toHaveAttribute('aria-pressed', 'true');
    expect(mid).toHaveAttribute('aria-pressed', 'false');
    await screen.findByRole('group', { name: '1. Lytter' });

    // A change on the end half, then to the mid half by keyboard: the change waits there.
    await user.click(within(screen.getByRole('group', { name: '1. Lytter' })).getByLabelText('Assistert'));
    mid.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/class/4/form/1/assignment/7'));
    expect(mid).toHaveAttribute('aria-pressed', 'true');
    expect(within(await screen.findByRole('group', { name: '1. Lytter' })).getByLabelText('Ingen forventning')).toBeChecked();

    // Back with Space, and the end half's change is saved as end-of-semester expectations.
    end.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(end).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/class/4/form/1/assignment/8');
    expect(within(screen.getByRole('group', { name: '1. Lytter' })).getByLabelText('Assistert')).toBeChecked();
    await user.click(screen.getByText('Lagre forventninger'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ formId: 1, isMidSemester: false });
  });

  it('is not offered for a form that is only answered at the end', async () => {
    const specific: Form = { ...form, id: 3, name: 'Spesifikk', isMainForm: false };
    const withSpecific: SchoolClass = {
      ...schoolClass,
      assignments: [{ id: 9, classId: 4, formId: 3, isMidSemester: false, forms: [{ id: 3, name: 'Spesifikk', isMainForm: false }] }],
      forms: [{ id: 3, name: 'Spesifikk', isMainForm: false }],
    };
    fakeApi({
      'GET /api/classes/4': { body: withSpecific },
      'GET /api/forms/3': { body: specific },
      'GET /api/classes/4/forms/3/expectations': problem(404, 'Ingen forventninger'),
    });
    renderAdmin({ route: '/admin/class/4/form/3/assignment/9', state: { from: '/admin/class/4' } });
    expect(await screen.findByText('Skjemaet fylles ut ved slutten av semesteret.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tidspunkt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Midtveis' })).not.toBeInTheDocument();
  });
});

describe('class dates', () => {
  const semester = { startDate: '2026-07-01', endDate: '2026-12-31' };
  it('wants both inside the semester and mid before end', () => {
    expect(checkClassDates('2026-10-01', '2026-12-01', semester)).toEqual({});
    expect(checkClassDates('', '', semester)).toEqual({});
    expect(checkClassDates('2026-06-30', '2026-12-01', semester)).toEqual({ mid: 'admin.class.dateOutside' });
    expect(checkClassDates('2026-10-01', '2027-01-01', semester)).toEqual({ end: 'admin.class.dateOutside' });
    expect(checkClassDates('2026-12-01', '2026-12-01', semester)).toEqual({ mid: 'admin.class.midBeforeEnd' });
    expect(checkClassDates('2026-12-02', '2026-12-01', semester)).toEqual({ mid: 'admin.class.midBeforeEnd' });
  });
});
