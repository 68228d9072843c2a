import { describe, expect, it } from 'vitest';
import { conflictOf } from './conflicts';

const answer = (status: number, reason: string) => ({
  status,
  data: { description: 'x', statusCode: status, errors: [{ reason, description: 'x' }] },
});

describe('conflictOf', () => {
  it.each([
    ['a locked form', answer(409, 'locked'), 'locked'],
    ['a stale save', answer(409, 'stale'), 'stale'],
    ['a form someone else created first', answer(409, 'exists'), 'stale'],
    ['another conflict of the lifecycle', answer(409, 'signed'), null],
    ['a refusal that is not a conflict', answer(400, 'locked'), null],
    ['no answer at all', { status: 'FETCH_ERROR', error: 'offline' }, null],
  ])('tells %s apart', (_name, error, want) => {
    expect(conflictOf(error)).toBe(want);
  });
});
