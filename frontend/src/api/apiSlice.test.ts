import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, requestsTo, serveTenant, stubPageNavigation } from '@/testing/renderApp';
import { api, isRejectedToken, MAX_RETRIES, prepareApiHeaders, sessionEnd, shouldRetry, storableJson } from './apiSlice';

describe('prepareApiHeaders', () => {
  it('sends the current language and, when signed in, the bearer token', () => {
    const headers = prepareApiHeaders(new Headers(), 'en', 'tok');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends no Authorization header without a token', () => {
    const headers = prepareApiHeaders(new Headers(), 'nb', null);
    expect(headers.get('Accept-Language')).toBe('nb');
    expect(headers.has('Authorization')).toBe(false);
  });
});

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
    send: build.mutation<unknown, unknown>({ query: (body) => ({ url: 'answers', method: 'POST', body }) }),
  }),
});

describe('a body with a NUL character', () => {
  it('is sent without it, in every text however deep', async () => {
    const fetchMock = mockApi(serveTenant(demoTenant), { 'POST /api/answers': () => ({ status: 201, body: {} }) });
    const body = { comment: 'Bra\u0000 jobba', answers: [{ value: '\u0000', comment: 'a\u0000b\u0000c' }], version: 2 };
    await setupStore().dispatch(probeApi.endpoints.send.initiate(body));
    const request = fetchMock.mock.calls.map(([input]) => input).find((input) => input instanceof Request && input.method === 'POST');
    expect(request).toBeInstanceOf(Request);
    expect(JSON.parse(await (request as Request).text())).toEqual({
      comment: 'Bra jobba',
      answers: [{ value: '', comment: 'abc' }],
      version: 2,
    });
  });

  it('leaves every other value as it is', () => {
    const value = { a: 'Åse 👍\t\n', b: 1, c: null, d: [true] };
    expect(JSON.parse(JSON.stringify(value, storableJson))).toEqual(value);
  });
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

  it('clears what the device kept for the user before the page loads again', async () => {
    const navigation = stubPageNavigation();
    mockApi(serveTenant(demoTenant), { 'GET /api/users/me': () => ({ status: 401, body: expired }) });
    window.sessionStorage.setItem('token', 'old');
    const order: string[] = [];
    navigation.reload.mockImplementation(() => void order.push('reload'));
    sessionEnd.clearDevice = async () => {
      await Promise.resolve();
      order.push('cleared');
    };
    try {
      await call();
    } finally {
      sessionEnd.clearDevice = null;
    }
    expect(order).toEqual(['cleared', 'reload']);
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

describe('a read that fails on the way', () => {
  const readApi = api.injectEndpoints({
    endpoints: (build) => ({
      readProbe: build.query<unknown, string>({ query: (url) => url }),
      saveProbe: build.mutation<unknown, string>({ query: (url) => ({ url, method: 'POST' }) }),
    }),
  });

  it('is tried again after a gateway error, and the answer that follows is used', async () => {
    let calls = 0;
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'GET /api/users/me': () => {
        calls += 1;
        return calls === 1 ? { status: 502, body: 'Bad Gateway' } : { status: 200, body: { id: 1 } };
      },
    });
    window.sessionStorage.setItem('token', 'tok');
    const result = await setupStore().dispatch(readApi.endpoints.readProbe.initiate('users/me'));
    expect(result.data).toEqual({ id: 1 });
    expect(requestsTo(fetchMock).filter((r) => r === 'GET /api/users/me')).toHaveLength(2);
  });

  it('is given up after two more tries, and an answer from the service is never retried', async () => {
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'GET /api/users/me': () => ({ status: 503, body: 'Service Unavailable' }),
      'GET /api/classes': () => ({ status: 500, body: { description: 'Feil', statusCode: 500, errors: [] } }),
    });
    window.sessionStorage.setItem('token', 'tok');
    const store = setupStore();
    const unavailable = await store.dispatch(readApi.endpoints.readProbe.initiate('users/me'));
    expect(unavailable.error).toMatchObject({ status: 503 });
    expect(requestsTo(fetchMock).filter((r) => r === 'GET /api/users/me')).toHaveLength(1 + MAX_RETRIES);
    await store.dispatch(readApi.endpoints.readProbe.initiate('classes'));
    expect(requestsTo(fetchMock).filter((r) => r === 'GET /api/classes')).toHaveLength(1);
  }, 20_000);

  it('is a read only: a save that meets a gateway error is left to its owner', async () => {
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/answers': () => ({ status: 502, body: 'Bad Gateway' }),
    });
    window.sessionStorage.setItem('token', 'tok');
    const result = await setupStore().dispatch(readApi.endpoints.saveProbe.initiate('answers'));
    expect(result.error).toMatchObject({ status: 502 });
    expect(requestsTo(fetchMock).filter((r) => r === 'POST /api/answers')).toHaveLength(1);
  });
});

describe('shouldRetry', () => {
  it.each([
    ['a lost connection on a read', { status: 'FETCH_ERROR' }, 'users/me', 1, true],
    ['a gateway timeout on a read', { status: 504 }, { url: 'classes' }, 2, true],
    ['a third retry', { status: 502 }, 'users/me', 3, false],
    ['a save', { status: 'FETCH_ERROR' }, { url: 'answers', method: 'POST' }, 1, false],
    ['a refusal', { status: 409 }, 'users/me', 1, false],
    ['a server fault', { status: 500 }, 'users/me', 1, false],
  ])('%s: %s', (_name, error, args, attempt, want) => {
    expect(shouldRetry(error, args, attempt)).toBe(want);
  });
});
