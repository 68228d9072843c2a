import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, signedInApi } from '@/testing/renderApp';

const marte = demoUser({ id: 2, displayName: 'Marte Solberg', roles: [ROLES.Admin, ROLES.Teacher] });

describe('choosing the active role', () => {
  it('chooses the only role by itself and shows its home', async () => {
    signedInApi(demoUser());
    const { router } = renderApp({ route: '/' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher'));
    expect(await screen.findByRole('button', { name: 'Meny' })).toBeInTheDocument();
    expect(window.localStorage.getItem('activeRole')).toBe('Teacher');
    expect(screen.queryByRole('heading', { name: 'Velg rolle' })).not.toBeInTheDocument();
  });

  it('shows the chooser to a user with several roles, and goes to the chosen role', async () => {
    const user = userEvent.setup();
    signedInApi(marte);
    const { router } = renderApp({ route: '/privacy-policy' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Velg rolle' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const teacher = within(main).getByRole('button', { name: 'Praksislærer' });
    expect(teacher).toHaveAccessibleDescription(/^Følg studentene dine i praksis/);
    const admin = within(main).getByRole('button', { name: 'Administrator' });
    expect(admin).toHaveAccessibleDescription(/^Styr skjemaer/);
    expect(within(main).getAllByRole('button')).toEqual([teacher, admin]);

    await user.click(admin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Velg rolle' })).not.toBeInTheDocument());
    expect(window.localStorage.getItem('activeRole')).toBe('Admin');
  });

  it('drops a stored role the user no longer has', async () => {
    window.localStorage.setItem('activeRole', 'Student');
    signedInApi(marte);
    renderApp({ route: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Velg rolle' })).toBeInTheDocument();
    expect(window.localStorage.getItem('activeRole')).toBeNull();
  });

  it("makes a role active by going to its pages", async () => {
    signedInApi(marte);
    renderApp({ route: '/admin/users/12' });

    expect(await screen.findByRole('button', { name: 'Meny' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Velg rolle' })).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('activeRole')).toBe('Admin'));
  });

  it('keeps a stored role the user still has', async () => {
    window.localStorage.setItem('activeRole', 'Teacher');
    signedInApi(marte);
    const { router } = renderApp({ route: '/' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher'));
    expect(screen.queryByRole('heading', { name: 'Velg rolle' })).not.toBeInTheDocument();
  });

  it('tells a user without any role whom to ask', async () => {
    signedInApi(demoUser({ roles: [] }));
    renderApp({ route: '/' });

    const alert = await screen.findByText(/har ingen rolle ennå/);
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'praksis@demo.example.no' })).toHaveAttribute(
      'href',
      'mailto:praksis@demo.example.no',
    );
  });

  it("shows the chooser on the pages of a role the user does not have", async () => {
    signedInApi(demoUser());
    const { router } = renderApp({ route: '/teacher' });
    expect(await screen.findByRole('button', { name: 'Meny' })).toBeInTheDocument();

    await router.navigate('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Velg rolle' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('button')).toHaveLength(1);
  });
});
