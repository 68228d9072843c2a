import { describe, expect, it } from 'vitest';
import { demoClass } from '@/features/placement/testing/fixtures';
import type { PlacementClass } from '@/features/placement/types';
import { joinOptions } from './joinOrder';

const cls = (id: number, code: string, status: PlacementClass['period']['status'], start = '2026-07-01'): PlacementClass =>
  demoClass({
    id,
    subject: { id, subjectCode: code, name: code },
    period: { id: start.length, name: status, startDate: start, endDate: '2026-12-31', status },
  });

describe('the classes offered when joining', () => {
  const a = cls(1, 'SYKP3100', 'current');
  const b = cls(2, 'SYKP2100', 'current');
  const c = cls(3, 'SYKP1200', 'future', '2027-01-01');
  const old = cls(4, 'SYKP1000', 'previous', '2026-01-01');

  it('puts the classes matching Feide course groups first, then the rest by semester and code', () => {
    const options = joinOptions([a], [old, c, b, a]);
    expect(options.map((o) => [o.cls.id, o.matching])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it('leaves out classes of ended semesters, also when they match', () => {
    expect(joinOptions([old], [old, b]).map((o) => o.cls.id)).toEqual([2]);
  });

  it('offers every open class when nothing matches', () => {
    expect(joinOptions([], [c, b]).map((o) => o.cls.id)).toEqual([2, 3]);
  });
});
