import { describe, expect, it } from 'vitest';
import { hmrcErrorBodySchema, hmrcFlatErrorSchema, hmrcLegacyErrorSchema, hmrcWrappedErrorSchema } from './errors';

// Example bodies of docs/reference/hmrc-vat-api.md §3.3.
const flatExample = { code: 'VRN_INVALID', message: 'The provided VRN is invalid' };
const legacyExample = { statusCode: 400, message: 'INVALID_DATE_FROM' };
const wrappedExample = {
  code: 'INVALID_REQUEST',
  message: 'Invalid request',
  errors: [
    {
      code: 'VAT_TOTAL_VALUE',
      message: 'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions',
      path: '/totalVatDue',
    },
  ],
};
const businessErrorExample = {
  code: 'BUSINESS_ERROR',
  message: 'Business validation error',
  errors: [{ code: 'DUPLICATE_SUBMISSION', message: 'The VAT return was already submitted for the given period.' }],
};

describe('HMRC error body schemas', () => {
  it('reads each shape with its own schema', () => {
    expect(hmrcFlatErrorSchema.safeParse(flatExample).success).toBe(true);
    expect(hmrcLegacyErrorSchema.safeParse(legacyExample).success).toBe(true);
    expect(hmrcWrappedErrorSchema.safeParse(wrappedExample).success).toBe(true);
    expect(hmrcWrappedErrorSchema.safeParse(businessErrorExample).success).toBe(true);
  });

  it('keeps the inner errors of a wrapped body when read through the union', () => {
    expect(hmrcErrorBodySchema.parse(wrappedExample)).toEqual(wrappedExample);
    expect(hmrcErrorBodySchema.parse(legacyExample)).toEqual(legacyExample);
    expect(hmrcErrorBodySchema.parse(flatExample)).toEqual(flatExample);
  });

  it('refuses a wrapper code other than INVALID_REQUEST or BUSINESS_ERROR, and bodies of no known shape', () => {
    expect(hmrcWrappedErrorSchema.safeParse({ ...wrappedExample, code: 'VRN_INVALID' }).success).toBe(false);
    expect(hmrcErrorBodySchema.safeParse({ error: 'invalid_grant' }).success).toBe(false);
    expect(hmrcErrorBodySchema.safeParse({ statusCode: '400', message: 'Invalid Json' }).success).toBe(false);
  });
});
