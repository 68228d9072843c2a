import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';

describe('message catalogues', () => {
  it('have the same ids in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nb).sort());
  });

  it('have no empty messages', () => {
    for (const catalogue of [nb, en]) {
      for (const [id, text] of Object.entries(catalogue)) {
        expect(text.trim(), id).not.toBe('');
      }
    }
  });
});
