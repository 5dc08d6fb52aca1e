import { describe, expect, it } from 'vitest';
import { asQueryError, issuesOf } from './query-error';

describe('query errors', () => {
  it('reads the issues of an error body, ignoring anything malformed', () => {
    const error = {
      status: 400,
      data: {
        statusCode: 400,
        code: 'IMPORT_HAS_PROBLEMS',
        issues: [{ path: 'row 3, Net', message: 'Not an amount' }, { path: 1 }, null],
      },
    };
    expect(issuesOf(error)).toEqual([{ path: 'row 3, Net', message: 'Not an amount' }]);
    expect(issuesOf({ status: 'FETCH_ERROR', error: 'offline' })).toEqual([]);
    expect(issuesOf(undefined)).toEqual([]);
  });

  it('keeps an RTK Query error as it is and wraps anything else', () => {
    const error = { status: 500, data: null };
    expect(asQueryError(error)).toBe(error);
    expect(asQueryError('boom')).toEqual({ message: 'boom' });
  });
});
