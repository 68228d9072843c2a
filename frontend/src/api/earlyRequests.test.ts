import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/features/auth/token';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { startEarly, takeEarly } from './earlyRequests';

const FORM = `${window.location.origin}/api/forms/3`;

/** What api/httpapi/earlyreads.js leaves on the page. */
function pageStarted(token: string, language: string): Promise<Response> {
  const response = Promise.resolve(new Response('{"id":3}'));
  window.__praksisReads = { token, language, started: { [FORM]: response } };
  return response;
}

const asked = (token: string) => new Request(FORM, { headers: { Authorization: `Bearer ${token}` } });

describe('the reads the page started', () => {
  beforeEach(() => {
    setToken('t1');
    setCurrentLanguage('nb');
  });
  afterEach(() => {
    clearToken();
    window.__praksisReads = undefined;
  });

  it('answers the app once, and the app does not send the read again', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const response = pageStarted('t1', 'nb');
    startEarly('forms/3');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(takeEarly(asked('t1'))).toBe(response);
    expect(takeEarly(asked('t1'))).toBeUndefined();
  });

  it.each([
    ['another token', 't0', 'nb'],
    ['another language than the first render', 't1', 'nn'],
  ])('goes unused when it went with %s', (_, token, language) => {
    void pageStarted(token, language);
    expect(takeEarly(asked('t1'))).toBeUndefined();
  });

  it('is never taken by a write', () => {
    void pageStarted('t1', 'nb');
    expect(takeEarly(new Request(FORM, { method: 'PUT', headers: { Authorization: 'Bearer t1' } }))).toBeUndefined();
  });
});
