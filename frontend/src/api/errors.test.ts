import { describe, expect, it } from 'vitest';
import { hasStatus, normalizeError, NO_STATUS, UNEXPECTED_ERROR, UNPARSABLE_ERROR } from './errors';

describe('normalizeError', () => {
  it('keeps the description, status and reasons of an API error', () => {
    const error = {
      status: 400,
      data: {
        description: 'Invalid input',
        statusCode: 400,
        errors: [{ reason: 'email', description: 'E-mail is required' }],
      },
    };
    expect(normalizeError(error)).toEqual({
      description: 'Invalid input',
      statusCode: 400,
      details: [{ reason: 'email', description: 'E-mail is required' }],
    });
  });

  it('parses an error body that arrived as text', () => {
    const error = { status: 404, data: '{"description":"Unknown school","statusCode":404,"errors":[]}' };
    expect(normalizeError(error)).toEqual({ description: 'Unknown school', statusCode: 404, details: [] });
  });

  it('falls back when the body has no description', () => {
    expect(normalizeError({ status: 500, data: { message: 'boom' } })).toEqual({
      description: UNPARSABLE_ERROR,
      statusCode: 500,
      details: [],
    });
    expect(normalizeError({ status: 502, data: '<html>Bad gateway</html>' }).description).toBe(UNPARSABLE_ERROR);
    expect(normalizeError({ status: 503, data: { description: '   ' } }).description).toBe(UNPARSABLE_ERROR);
  });

  it('uses the original status when the body was not JSON', () => {
    const error = { status: 'PARSING_ERROR', originalStatus: 502, data: 'Bad gateway', error: 'SyntaxError' };
    expect(normalizeError(error)).toEqual({ description: UNPARSABLE_ERROR, statusCode: 502, details: [] });
  });

  it('ignores malformed reasons', () => {
    const error = { status: 400, data: { description: 'Bad', errors: [null, 'x', { reason: 'name' }] } };
    expect(normalizeError(error).details).toEqual([{ reason: 'name', description: '' }]);
  });

  it.each([
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['a timeout', { status: 'TIMEOUT_ERROR', error: 'AbortError' }],
    ['a serialized error', { name: 'Error', message: 'x' }],
    ['an Error', new Error('x')],
    ['a string', 'x'],
    ['undefined', undefined],
    ['null', null],
  ])('treats %s as unexpected', (_label, error) => {
    expect(normalizeError(error)).toEqual({ description: UNEXPECTED_ERROR, statusCode: NO_STATUS, details: [] });
  });
});

describe('hasStatus', () => {
  it('matches the HTTP status only', () => {
    expect(hasStatus({ status: 404, data: {} }, 404)).toBe(true);
    expect(hasStatus({ status: 503, data: {} }, 404)).toBe(false);
    expect(hasStatus(undefined, -1)).toBe(false);
  });
});
