import { describe, expect, it } from 'vitest';
import { prepareApiHeaders } from './apiSlice';

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
