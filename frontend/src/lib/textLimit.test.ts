import { describe, expect, it } from 'vitest';
import { characterCount, limitText } from './textLimit';

describe('limitText', () => {
  it('keeps a text within the limit and cuts the rest', () => {
    expect(limitText('abc', 3)).toBe('abc');
    expect(limitText('abcd', 3)).toBe('abc');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('æøå😀')).toBe(4);
    expect(limitText('😀😀😀', 2)).toBe('😀😀');
    expect(limitText('😀😀', 2)).toBe('😀😀');
  });
});
