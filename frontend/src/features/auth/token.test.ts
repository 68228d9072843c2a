import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_STORAGE_KEY } from './token';

describe('token helpers', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reads the token from session storage', () => {
    expect(getToken()).toBeNull();
    setToken('abc.def.ghi');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc.def.ghi');
    expect(getToken()).toBe('abc.def.ghi');
  });

  it('treats an empty value as no token and clears it', () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, ' ');
    expect(getToken()).toBeNull();
    setToken('t');
    clearToken();
    expect(getToken()).toBeNull();
  });
});
