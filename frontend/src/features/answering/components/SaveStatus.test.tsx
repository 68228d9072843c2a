import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { intlMessages } from '@/i18n/messages';
import { SaveStatus, statusKind } from './SaveStatus';

const problem = (statusCode: number) => ({ status: statusCode, data: { description: 'x', statusCode, errors: [] } });
const base = { online: true, savedAt: null, unsaved: true };

describe('the save status line', () => {
  it.each([
    ['no answer at all', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'reconnecting'],
    ['the database away (503)', problem(503), 'reconnecting'],
    ['a proxy without a server (502)', problem(502), 'reconnecting'],
    ['a proxy that gave up waiting (504)', problem(504), 'reconnecting'],
    ['a fault of the server (500)', problem(500), 'retrying'],
    ['too many requests (429)', problem(429), 'retrying'],
  ])('a save retried after %s shows %s', (_, error, kind) => {
    expect(statusKind({ ...base, status: 'retrying', error })).toBe(kind);
  });

  it('says offline before anything else', () => {
    expect(statusKind({ ...base, online: false, status: 'retrying', error: problem(503) })).toBe('offline');
  });

  it('tells the user, in words, that it is reconnecting and the text is kept', () => {
    render(
      <IntlProvider locale="nb" messages={intlMessages('nb')}>
        <SaveStatus state={{ ...base, status: 'retrying', error: problem(503) }} />
      </IntlProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-status', 'reconnecting');
    expect(status).toHaveTextContent('Får ikke kontakt med tjenesten – prøver igjen. Det du har skrevet, er tatt vare på.');
  });

  it.each([
    ['nb', { ...base, status: 'saved' as const, savedAt: new Date(2026, 0, 1, 10, 42), unsaved: false }, 'saved', /^Lagret kl\. 10[:.]42$/],
    ['nb', { ...base, online: false, status: 'pending' as const, error: null, onDevice: true }, 'onDevice', /^Lagret på telefonen – sendes når du er på nett igjen$/],
    ['en', { ...base, online: false, status: 'pending' as const, error: null, onDevice: true }, 'onDevice', /^Saved on this device – will be sent when you are back online$/],
    ['nb', { ...base, online: false, status: 'pending' as const, error: null, onDevice: false }, 'offline', /^Frakoblet/],
    // The browser says online, but the service cannot be reached: still kept on the phone.
    ['nb', { ...base, status: 'retrying' as const, error: { status: 'FETCH_ERROR', error: 'x' }, onDevice: true }, 'onDevice', /^Lagret på telefonen/],
    [
      'nb',
      { ...base, status: 'failed' as const, error: { status: 409, data: { description: 'Signeringsskjemaet er låst, så svarene kan ikke lenger endres.', statusCode: 409, errors: [] } } },
      'failed',
      /^Kunne ikke lagre: Signeringsskjemaet er låst, så svarene kan ikke lenger endres\.$/,
    ],
    ['en', { ...base, status: 'failed' as const, error: { status: 'FETCH_ERROR', error: 'x' } }, 'failed', /^Could not save\.$/],
  ])('in %s says %s', (language, state, kind, text) => {
    render(
      <IntlProvider locale={language} messages={intlMessages(language as 'nb' | 'en')}>
        <SaveStatus state={{ error: null, ...state }} />
      </IntlProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-status', kind);
    expect(status).toHaveTextContent(text);
  });
});
