import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes, isErrorCode } from './catalogue';
import { httpStatusMessage } from './http-status';

describe('error catalogue', () => {
  it('gives every code an HTTP error status and a message', () => {
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it('recognises only its own codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe('HTTP status messages', () => {
  it('suffixes the status in brackets as the product reference words it', () => {
    expect(httpStatusMessage(401)?.text).toBe('Authentication required - Please log in again (401)');
    expect(httpStatusMessage(503)?.text).toBe('Service unavailable (503)');
  });

  it('has no message for statuses the product reference does not name', () => {
    expect(httpStatusMessage(418)).toBeUndefined();
  });
});
