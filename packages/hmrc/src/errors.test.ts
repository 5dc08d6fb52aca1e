import { describe, expect, it } from 'vitest';
import { HmrcError, normaliseHmrcError } from './errors';

// Example bodies from docs/reference/hmrc-vat-api.md §1.4, 3.3, 3.5 and 3.12.
describe('normaliseHmrcError', () => {
  it('reads a flat body (shape A): the code is the code', () => {
    const error = normaliseHmrcError(400, { code: 'VRN_INVALID', message: 'The provided VRN is invalid' });
    expect(error).toBeInstanceOf(HmrcError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'HmrcError',
      status: 400,
      kind: 'flat',
      codes: ['VRN_INVALID'],
      message: 'The provided VRN is invalid',
      fieldPaths: [],
    });
  });

  it('reads a legacy body (shape B): the code is in message', () => {
    const error = normaliseHmrcError(400, { statusCode: 400, message: 'INVALID_DATE_FROM' });
    expect(error).toMatchObject({ status: 400, kind: 'legacy', codes: ['INVALID_DATE_FROM'], fieldPaths: [] });
  });

  it('reads the legacy answer to malformed JSON', () => {
    expect(normaliseHmrcError(400, { statusCode: 400, message: 'Invalid Json' }).codes).toEqual(['Invalid Json']);
  });

  it('reads a wrapped INVALID_REQUEST body (shape C): the codes and field paths come from errors', () => {
    const error = normaliseHmrcError(400, {
      code: 'INVALID_REQUEST',
      message: 'Invalid request',
      errors: [
        {
          code: 'VAT_TOTAL_VALUE',
          message: 'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions',
          path: '/totalVatDue',
        },
        {
          code: 'VAT_NET_VALUE',
          message:
            'netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod',
          path: '/netVatDue',
        },
      ],
    });
    expect(error).toMatchObject({
      status: 400,
      kind: 'wrapped',
      codes: ['VAT_TOTAL_VALUE', 'VAT_NET_VALUE'],
      message: 'Invalid request',
      fieldPaths: ['/totalVatDue', '/netVatDue'],
    });
    expect(error.details[0]).toEqual({
      code: 'VAT_TOTAL_VALUE',
      message: 'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions',
      path: '/totalVatDue',
    });
    expect(error.hasCode('VAT_NET_VALUE')).toBe(true);
    expect(error.hasCode('INVALID_REQUEST')).toBe(false);
  });

  it('reads a wrapped BUSINESS_ERROR body without paths', () => {
    const error = normaliseHmrcError(403, {
      code: 'BUSINESS_ERROR',
      message: 'Business validation error',
      errors: [{ code: 'DUPLICATE_SUBMISSION', message: 'The VAT return was already submitted for the given period.' }],
    });
    expect(error).toMatchObject({ status: 403, kind: 'wrapped', codes: ['DUPLICATE_SUBMISSION'], fieldPaths: [] });
    expect(error.details[0]?.message).toBe('The VAT return was already submitted for the given period.');
  });

  it('falls back to the outer code when a wrapped body has no inner errors', () => {
    const error = normaliseHmrcError(400, { code: 'INVALID_REQUEST', message: 'Invalid request', errors: [] });
    expect(error).toMatchObject({ kind: 'wrapped', codes: ['INVALID_REQUEST'], fieldPaths: [] });
  });

  it('reads an empty 404 (shape D) as no codes, whatever form "no body" took', () => {
    for (const noBody of [undefined, null, '', '  \n']) {
      const error = normaliseHmrcError(404, noBody);
      expect(error).toMatchObject({ status: 404, kind: 'empty', codes: [], fieldPaths: [] });
      expect(error.message).toContain('404');
    }
  });

  it('reads an OAuth token error: the code is error', () => {
    const error = normaliseHmrcError(400, { error: 'invalid_grant', error_description: 'refresh_token is invalid' });
    expect(error).toMatchObject({
      status: 400,
      kind: 'oauth',
      codes: ['invalid_grant'],
      message: 'refresh_token is invalid',
      fieldPaths: [],
    });
    expect(normaliseHmrcError(401, { error: 'invalid_client' })).toMatchObject({
      codes: ['invalid_client'],
      message: 'invalid_client',
    });
  });

  it('parses a body given as JSON text', () => {
    const error = normaliseHmrcError(
      403,
      '{"code":"CLIENT_OR_AGENT_NOT_AUTHORISED","message":"The client and/or agent is not authorised."}',
    );
    expect(error).toMatchObject({ kind: 'flat', codes: ['CLIENT_OR_AGENT_NOT_AUTHORISED'] });
  });

  it('reads a body that is not JSON as unknown, keeping the start of the text in the message', () => {
    const error = normaliseHmrcError(400, 'Invalid service name: mtd-vta' + ' more'.repeat(100));
    expect(error).toMatchObject({ status: 400, kind: 'unknown', codes: [], fieldPaths: [] });
    expect(error.message).toContain('Invalid service name: mtd-vta');
    expect(error.message.length).toBeLessThan(250);
  });

  it('reads JSON of no known shape as unknown', () => {
    for (const body of [{ problem: 'x' }, ['VRN_INVALID'], 42, '"text"']) {
      expect(normaliseHmrcError(500, body)).toMatchObject({ status: 500, kind: 'unknown', codes: [] });
    }
  });

  it('uses the code as message when a flat body has none', () => {
    expect(normaliseHmrcError(429, { code: 'MESSAGE_THROTTLED_OUT' })).toMatchObject({
      kind: 'flat',
      codes: ['MESSAGE_THROTTLED_OUT'],
      message: 'MESSAGE_THROTTLED_OUT',
    });
  });
});
