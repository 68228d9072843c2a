import { describe, expect, it } from 'vitest';
import { mailtoHref, safeExternalUrl, withQuery } from './url';

describe('safeExternalUrl', () => {
  it('accepts http and https URLs', () => {
    expect(safeExternalUrl('https://example.no/om')).toBe('https://example.no/om');
    expect(safeExternalUrl(' http://example.no ')).toBe('http://example.no/');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', '', null, undefined])('rejects %s', (value) => {
    expect(safeExternalUrl(value)).toBeNull();
  });
});

describe('mailtoHref', () => {
  it('links a plausible address and rejects the rest', () => {
    expect(mailtoHref('praksis@example.no')).toBe('mailto:praksis@example.no');
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('a@b.no?subject=x<')).toBeNull();
    expect(mailtoHref('')).toBeNull();
  });
});

describe('withQuery', () => {
  it('adds non-empty values, encoded', () => {
    expect(withQuery('/login', { verificationGuid: 'a b&c' })).toBe('/login?verificationGuid=a+b%26c');
    expect(withQuery('/login', { verificationGuid: null })).toBe('/login');
    expect(withQuery('/login', { verificationGuid: '' })).toBe('/login');
  });
});
