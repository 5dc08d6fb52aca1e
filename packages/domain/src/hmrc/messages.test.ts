import { describe, expect, it } from 'vitest';
import { vrnSchema } from './api';
import { dateRangeMessage, hmrcErrorMessage } from './messages';

describe('HMRC messages (docs/reference/product.md §8)', () => {
  it('words each listed code as the product reference does for its kind of data', () => {
    expect(hmrcErrorMessage('obligations', { status: 403, codes: ['RULE_INSOLVENT_TRADER'] }).text).toBe(
      'The Trader is insolvent (Obligations).',
    );
    expect(hmrcErrorMessage('obligations', { status: 400, codes: ['VRN_INVALID'] }).text).toBe(
      'The provided VRN is invalid (Obligations).',
    );
    expect(hmrcErrorMessage('payments', { status: 404, codes: ['NOT_FOUND'] }).text).toBe(
      'No VAT payments found for the specified date range.',
    );
    expect(hmrcErrorMessage('financialDetails', { status: 404, codes: ['MATCHING_RESOURCE_NOT_FOUND'] })).toEqual({
      key: 'hmrc.errors.financialDetails.MATCHING_RESOURCE_NOT_FOUND',
      text: 'No financial details found for this penalty charge reference.',
    });
  });

  it('falls back to HMRC’s own message, then to "Failed to fetch {kind} data"', () => {
    expect(hmrcErrorMessage('penalties', { status: 400, codes: ['SOMETHING_NEW'], message: 'HMRC says so' }).text).toBe(
      'HMRC says so',
    );
    expect(hmrcErrorMessage('financialDetails', { status: 400, codes: [] })).toMatchObject({
      text: 'Failed to fetch financial details data',
      values: { kind: 'financial details' },
    });
  });

  it('reads an empty 404 on the return view as no return for the period', () => {
    expect(hmrcErrorMessage('returnView', { status: 404, codes: [] }).text).toBe(
      'VAT return data not found for this period',
    );
  });

  it('words our own date-range refusals as HMRC’s would be', () => {
    expect(dateRangeMessage('obligations', 'TOO_LONG').text).toBe(
      'Invalid date range, must be 366 days or less (Obligations).',
    );
    expect(dateRangeMessage('liabilities', 'TOO_LONG').text).toBe(
      'Invalid date range, must be 365 days or less (Liabilities).',
    );
  });

  it('says a range that ends on or before its start is in the wrong order, not too long', () => {
    for (const kind of ['obligations', 'liabilities', 'payments'] as const) {
      expect(dateRangeMessage(kind, 'FROM_AFTER_TO')).toEqual({
        key: 'hmrc.errors.fromNotBeforeTo',
        text: 'The From date must be before the To date.',
      });
    }
  });
});

describe('VRN', () => {
  it('takes nine digits whose check digits hold, forgiving spaces and a GB prefix', () => {
    expect(vrnSchema.parse('GB 123 4567 82')).toBe('123456782');
    expect(vrnSchema.safeParse('12345678').error?.issues[0]?.message).toBe('A VAT registration number has 9 digits');
    expect(vrnSchema.safeParse('123456789').error?.issues[0]?.message).toContain('check digits do not match');
  });
});
