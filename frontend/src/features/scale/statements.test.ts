import { describe, expect, it } from 'vitest';

import { NOT_RELEVANT, SCALE } from './statements';

describe('the independence scale', () => {
  it('has the five levels of the spec in order, best first', () => {
    expect(SCALE.map((l) => l.nb.name)).toEqual([
      'Selvstendig',
      'Delvis selvstendig',
      'Veiledet',
      'Assistert',
      'Uselvstendig',
    ]);
    expect(SCALE.map((l) => l.value)).toEqual([0, 1, 2, 3, 4]);
    expect(NOT_RELEVANT).toBe(5);
  });

  it('names the levels in Nynorsk', () => {
    expect(SCALE.map((l) => l.nn.name)).toEqual([
      'Sjølvstendig',
      'Delvis sjølvstendig',
      'Rettleidd',
      'Assistert',
      'Usjølvstendig',
    ]);
  });

  it('has ten distinct statements per level in every language', () => {
    for (const level of SCALE) {
      for (const lang of ['nb', 'nn', 'en'] as const) {
        const statements = level[lang].statements;
        expect(statements).toHaveLength(10);
        expect(new Set(statements).size).toBe(10);
        for (const s of statements) expect(s.trim().length).toBeGreaterThan(20);
      }
    }
  });
});
