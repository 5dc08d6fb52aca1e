import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { describeError } from './http-errors';

describe('error messages for failed calls', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  const t = (key: string) => i18n.t(key);

  it("uses the catalogue's message for our own codes", () => {
    expect(describeError({ status: 409, data: { code: 'LAST_ADMIN' } }, t as never)).toBe(
      'The last Admin cannot be demoted or disabled. Make another user Admin first.',
    );
  });

  it('falls back to the spec status messages with the status in brackets', () => {
    expect(describeError({ status: 403, data: {} }, t as never)).toBe('Not authorized (403)');
    expect(describeError({ status: 502, data: 'bad gateway' }, t as never)).toBe('Gateway error (502)');
    expect(describeError({ status: 418, data: {} }, t as never)).toBe('Request failed');
  });

  it('says so when nothing came back', () => {
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError' }, t as never)).toBe(
      'No response from server - check your connection',
    );
  });
});
