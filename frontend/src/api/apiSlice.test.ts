import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, serveTenant, stubPageNavigation } from '@/testing/renderApp';
import { api, isRejectedToken, prepareApiHeaders } from './apiSlice';

describe('prepareApiHeaders', () => {
  it('sends the current language and, when signed in, the bearer token', () => {
    const headers = prepareApiHeaders(new Headers(), { language: { current: 'en' } }, 'tok');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends no Authorization header without a token', () => {
    const headers = prepareApiHeaders(new Headers(), { language: { current: 'nb' } }, null);
    expect(headers.get('Accept-Language')).toBe('nb');
    expect(headers.has('Authorization')).toBe(false);
  });
});

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (url) => url }) }),
});

describe('a rejected token', () => {
  const expired = { description: 'Token has expired', statusCode: 401, errors: [] };

  // A fresh store each time, so no answer comes from the cache.
  const call = () => setupStore().dispatch(probeApi.endpoints.probe.initiate('users/me'));

  it('clears the token and loads the page again on 401', async () => {
    const navigation = stubPageNavigation();
    mockApi(serveTenant(demoTenant), { 'GET /api/users/me': () => ({ status: 401, body: expired }) });
    window.sessionStorage.setItem('token', 'old');

    const result = await call();
    expect(result.error).toMatchObject({ status: 401 });
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(navigation.reload).toHaveBeenCalledOnce();
  });

  it("does the same when the description says 'Token has expired', whatever the status", async () => {
    const navigation = stubPageNavigation();
    mockApi(serveTenant(demoTenant), {
      'GET /api/users/me': () => ({ status: 400, body: { ...expired, statusCode: 400 } }),
    });
    window.sessionStorage.setItem('token', 'old');

    await call();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(navigation.reload).toHaveBeenCalledOnce();
  });

  it('leaves other errors, and a 401 without a token, to the caller', async () => {
    const navigation = stubPageNavigation();
    mockApi(serveTenant(demoTenant), {
      'GET /api/users/me': () => ({ status: 403, body: { description: 'Nei', statusCode: 403, errors: [] } }),
    });
    window.sessionStorage.setItem('token', 'tok');
    await call();
    expect(window.sessionStorage.getItem('token')).toBe('tok');

    window.sessionStorage.clear();
    mockApi(serveTenant(demoTenant), { 'GET /api/users/me': () => ({ status: 401, body: expired }) });
    await call();
    expect(navigation.reload).not.toHaveBeenCalled();
  });
});

describe('isRejectedToken', () => {
  it('spots 401 and an expired token', () => {
    expect(isRejectedToken({ status: 401, data: {} })).toBe(true);
    expect(isRejectedToken({ status: 400, data: { description: 'Token has expired' } })).toBe(true);
    expect(isRejectedToken({ status: 403, data: { description: 'Nei' } })).toBe(false);
    expect(isRejectedToken({ status: 'FETCH_ERROR', error: 'x' })).toBe(false);
  });
});
