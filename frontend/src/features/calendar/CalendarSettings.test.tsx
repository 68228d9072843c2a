import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoStudent } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import { requestsTo, signedInApi } from '@/testing/renderApp';
import { CalendarSettings } from './CalendarSettings';

const FEED = '/api/calendar/c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2U.ics';

function renderSettings(active: boolean) {
  const student = demoStudent();
  const fetchMock = signedInApi(student, {
    'GET /api/users/me/calendar': () => ({
      status: 200,
      body: active ? { active: true, createdAt: '2026-10-04T10:00:00Z' } : { active: false, createdAt: null },
    }),
    'POST /api/users/me/calendar': () => ({ status: 201, body: { path: FEED, createdAt: '2026-10-05T10:00:00Z' } }),
  });
  renderPage(<CalendarSettings />, { user: student, path: '/my-data' });
  return fetchMock;
}

describe('the calendar settings', () => {
  it('makes an address and show it once, whole, to copy into a calendar', async () => {
    const fetchMock = renderSettings(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Lag kalenderadresse' }));
    const address = await screen.findByRole('textbox', { name: 'Kalenderadressen din' });
    expect(address).toHaveValue(`${window.location.origin}${FEED}`);
    expect(screen.getByText(/Den vises ikke igjen/)).toBeInTheDocument();
    expect(requestsTo(fetchMock)).toContain('POST /api/users/me/calendar');
  });

  it('offers a new address in place of one made before, saying the old one stops working', async () => {
    renderSettings(true);
    expect(await screen.findByText(/Du har hatt en kalenderadresse siden 4\. oktober 2026/)).toBeInTheDocument();
    expect(screen.getByText(/den gamle slutter å virke/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lag ny adresse' })).toBeEnabled());
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
