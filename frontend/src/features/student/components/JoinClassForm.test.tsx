import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoClass, demoStudent, problem } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import { requestsTo, signedInApi } from '@/testing/renderApp';
import { JoinClassForm } from './JoinClassForm';

const medical = demoClass({ id: 2 });
const surgical = demoClass({
  id: 3,
  subject: { id: 3, subjectCode: 'SYKP2200', name: 'Praksisstudier – kirurgisk avdeling' },
});
const community = demoClass({
  id: 5,
  subject: { id: 1, subjectCode: 'SYKP1200', name: 'Praksis i kommunehelsetjenesten' },
});
const ended = demoClass({
  id: 1,
  subject: { id: 1, subjectCode: 'SYKP1100', name: 'Ferdig emne' },
  period: { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' },
});

function renderForm(joinStatus = 201) {
  const fetchMock = signedInApi(demoStudent({ studentReferences: [] }), {
    'GET /api/classes/me/matching-affiliations': () => ({ status: 200, body: [surgical] }),
    'GET /api/classes': () => ({ status: 200, body: [ended, medical, community, surgical] }),
    'POST /api/classes/3/students/me': () =>
      joinStatus === 201
        ? { status: 201, body: { ...surgical, teacher: null, supervisors: [] } }
        : { status: joinStatus, body: problem(joinStatus, 'Du er allerede med i en klasse dette semesteret.') },
  });
  renderPage(<JoinClassForm />, { user: demoStudent({ studentReferences: [] }), path: '/student' });
  return fetchMock;
}

describe('joining a class', () => {
  it('lists the classes matching the Feide course groups first, and leaves out ended semesters', async () => {
    renderForm();
    const group = await screen.findByRole('radiogroup');
    const labels = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent ?? '');
    expect(labels).toHaveLength(3);
    expect(labels[0]).toContain('SYKP2200');
    expect(labels[0]).toContain('Passer med emnene dine');
    expect(labels[1]).toContain('SYKP1200');
    expect(labels[2]).toContain('SYKP2100');
    expect(screen.queryByText(/SYKP1100/)).not.toBeInTheDocument();
  });

  it('requires a choice before joining', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm();
    await screen.findByRole('radiogroup');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Bli med i klassen' }));
    expect(await screen.findByText('Velg en klasse.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Velg en klasse.');
    expect(requestsTo(fetchMock)).not.toContain('POST /api/classes/3/students/me');

    await user.click(screen.getByRole('radio', { name: /SYKP2200/ }));
    expect(screen.queryByText('Velg en klasse.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bli med i klassen' }));
    await waitFor(() => expect(requestsTo(fetchMock)).toContain('POST /api/classes/3/students/me'));
    expect(await screen.findByText('Du er med i SYKP2200.')).toBeInTheDocument();
  });

  it('shows a failed join and fetches the list again', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(409);
    await screen.findByRole('radiogroup');
    const listFetches = () => requestsTo(fetchMock).filter((r) => r === 'GET /api/classes').length;
    const before = listFetches();

    await user.click(screen.getByRole('radio', { name: /SYKP2200/ }));
    await user.click(screen.getByRole('button', { name: 'Bli med i klassen' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke legge deg til i klassen');
    expect(alert).toHaveTextContent('Du er allerede med i en klasse dette semesteret.');
    await waitFor(() => expect(listFetches()).toBeGreaterThan(before));
    expect(screen.getByRole('radio', { name: /SYKP2200/ })).not.toBeChecked();
  });
});
