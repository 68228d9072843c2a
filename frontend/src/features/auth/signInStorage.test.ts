import { describe, expect, it } from 'vitest';
import {
  forgetSignIn,
  localPath,
  newVippsState,
  pathAfterSignIn,
  pendingSignIn,
  rememberSignIn,
  signInParams,
} from './signInStorage';

describe('sign-in round trip', () => {
  it('keeps an invitation and a local redirect, and sends the user to the invitation afterwards', () => {
    rememberSignIn(signInParams(new URLSearchParams('verificationGuid=0f8e2d6c-1234&redirect_uri=/advisor')));
    expect(pendingSignIn()).toEqual({ verificationGuid: '0f8e2d6c-1234', redirectUri: '/advisor' });
    expect(pathAfterSignIn()).toBe('/supervisor/accept-invitation?verificationGuid=0f8e2d6c-1234&redirect_uri=%2Fadvisor');

    forgetSignIn();
    expect(pathAfterSignIn()).toBe('/');
  });

  it('prefers what the server handed back, and goes to a lone redirect', () => {
    rememberSignIn({ verificationGuid: null, redirectUri: '/student' });
    expect(pathAfterSignIn()).toBe('/student');
    expect(pathAfterSignIn({ verificationGuid: 'abc' })).toBe(
      '/supervisor/accept-invitation?verificationGuid=abc&redirect_uri=%2Fstudent',
    );
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil', 'relative', '/a b', null])(
    'refuses %s as a place to go',
    (value) => {
      expect(localPath(value)).toBeNull();
    },
  );

  it('makes a different, long enough Vipps state each time', () => {
    const a = newVippsState();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newVippsState()).not.toBe(a);
  });
});
