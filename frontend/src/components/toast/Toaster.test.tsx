import { act, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupStore, type AppStore } from '@/app/store';
import { intlMessages } from '@/i18n/messages';
import { Toaster } from './Toaster';
import { TOAST_DURATION_MS } from './toastSlice';
import { useToast, type ToastApi } from './useToast';

function renderToaster(): ToastApi {
  const store: AppStore = setupStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <IntlProvider locale="nb" messages={intlMessages('nb')}>
        {children}
      </IntlProvider>
    </Provider>
  );
  render(<Toaster />, { wrapper });
  return renderHook(() => useToast(), { wrapper }).result.current;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Lagret!' and hides after 10 seconds", async () => {
    const toast = renderToaster();
    act(() => {
      toast.saved();
    });
    expect(screen.getByRole('status')).toHaveTextContent('Lagret!');

    await wait(TOAST_DURATION_MS - 1);
    expect(screen.getByText('Lagret!')).toBeInTheDocument();
    await wait(1);
    expect(screen.queryByText('Lagret!')).not.toBeInTheDocument();
  });

  it('shows an error with its status code and joined descriptions, until closed', () => {
    const toast = renderToaster();
    act(() => {
      toast.error({
        status: 400,
        data: {
          description: 'Noen felter er ikke gyldige.',
          statusCode: 400,
          errors: [{ reason: 'name', description: 'Navn mangler.' }],
        },
      });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Feil 400: Noen felter er ikke gyldige. Navn mangler.');

    act(() => {
      within(alert).getByRole('button', { name: 'Lukk' }).click();
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a toast while the pointer is on it', async () => {
    const toast = renderToaster();
    act(() => {
      toast.deleted();
    });
    const status = screen.getByRole('status');
    act(() => {
      status.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    await wait(TOAST_DURATION_MS * 2);
    expect(screen.getByText('Slettet!')).toBeInTheDocument();

    act(() => {
      status.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    });
    await wait(TOAST_DURATION_MS);
    expect(screen.queryByText('Slettet!')).not.toBeInTheDocument();
  });
});
