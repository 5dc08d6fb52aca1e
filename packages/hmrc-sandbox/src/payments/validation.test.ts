import { describe, expect, it } from 'vitest';
import { penceOfPounds } from './pages';
import { isValidSaUtr, isValidVatReference } from './references';
import { isValidBackUrl, parsePayRequest, payMessages } from './validation';

const parse = (body: unknown) => parsePayRequest(typeof body === 'string' ? body : JSON.stringify(body), true);
const vat = { taxRegime: 'Vat', reference: '123456782', amountInPence: 1234 };

describe('POST /pay’s body, with HMRC’s messages', () => {
  it('takes a full request, with amounts as exact integer pence', () => {
    expect(parse({ ...vat, backURL: 'https://a.example/back', friendlyName: 'Company X & Co. #1' })).toEqual({
      ok: true,
      request: { ...vat, backURL: 'https://a.example/back', friendlyName: 'Company X & Co. #1' },
    });
    expect(parse('{"taxRegime":"Vat","reference":"123456782","amountInPence":1.2e3}')).toMatchObject({
      request: { amountInPence: 1200 },
    });
    // An optional field sent as null counts as left out, as HMRC's JSON reader takes it.
    expect(parse({ ...vat, backURL: null })).toEqual({ ok: true, request: vat });
  });

  it('lists the three missing mandatory fields as HMRC’s service does', () => {
    expect(parse({ IamValidJson: 'butnotmatchingthemodel' })).toEqual({
      ok: false,
      status: 400,
      errors: [payMessages.AMOUNT_MISSING, payMessages.REFERENCE_MISSING, payMessages.TAX_REGIME_MISSING],
    });
  });

  it.each([
    [{ ...vat, taxRegime: 'IamNotARealRegime' }, payMessages.TAX_REGIME_INVALID],
    [{ ...vat, reference: '' }, payMessages.REFERENCE_INVALID],
    [{ ...vat, reference: '   ' }, payMessages.REFERENCE_INVALID],
    [{ ...vat, amountInPence: -1 }, payMessages.AMOUNT_NEGATIVE],
    [{ ...vat, backURL: 'notavalidurl' }, payMessages.BACK_URL_INVALID],
    [{ ...vat, backURL: 'javascript:alert(1)' }, payMessages.BACK_URL_INVALID],
    [{ ...vat, friendlyName: 'invalidcharinthisstring%' }, payMessages.FRIENDLY_NAME_INVALID_CHARACTER],
    [{ ...vat, friendlyName: 'IamMoreThan40Characters123456789123456789' }, payMessages.FRIENDLY_NAME_TOO_LONG],
    [{ ...vat, reference: '123456789' }, payMessages.REFERENCE_INVALID_VAT],
    [{ ...vat, taxRegime: 'SelfAssessment', reference: '1234567890' }, payMessages.REFERENCE_INVALID_SA],
  ])('refuses %j: 400 %s', (body, message) => {
    expect(parse(body)).toEqual({ ok: false, status: 400, errors: [message] });
  });

  it('checks the reference only once the fields are sound, and lists two problems of one field', () => {
    expect(parse({ taxRegime: 'MadeUpTaxRegime', reference: '1234567895', amountInPence: -1 })).toEqual({
      ok: false,
      status: 400,
      errors: [payMessages.AMOUNT_NEGATIVE, payMessages.TAX_REGIME_INVALID],
    });
    expect(parse({ ...vat, friendlyName: `${'x'.repeat(40)}%` })).toMatchObject({
      errors: [payMessages.FRIENDLY_NAME_INVALID_CHARACTER, payMessages.FRIENDLY_NAME_TOO_LONG],
    });
  });

  it('answers a value of the wrong JSON type as HMRC’s service does: 500, an unexpected error', () => {
    expect(parse({ ...vat, amountInPence: '1234' })).toEqual({
      ok: false,
      status: 500,
      errors: ['An unexpected error occurred: amountInPence.error.expected.jsnumber'],
    });
    expect(parse({ ...vat, amountInPence: 12.5, reference: 7 })).toEqual({
      ok: false,
      status: 500,
      errors: [
        'An unexpected error occurred: amountInPence.error.expected.long',
        'An unexpected error occurred: reference.error.expected.jsstring',
      ],
    });
    expect(parse([vat])).toMatchObject({
      status: 500,
      errors: ['An unexpected error occurred: .error.expected.jsobject'],
    });
  });

  it('answers a body that is not JSON with HMRC’s message', () => {
    expect(parse('taxRegime=Vat')).toEqual({ ok: false, status: 400, errors: [payMessages.NON_JSON_BODY] });
    expect(parsePayRequest(JSON.stringify(vat), false)).toMatchObject({ errors: [payMessages.NON_JSON_BODY] });
  });
});

describe('references', () => {
  it('checks a VRN’s check digits in both series, as HMRC’s payment service does', () => {
    expect(isValidVatReference('123456782')).toBe(true);
    // 1234567 weighs 112; with 55 added, 167 − 97 = 70, and 97 − 70 = 27.
    expect(isValidVatReference('123456727')).toBe(true);
    expect(isValidVatReference('123456789')).toBe(false);
    expect(isValidVatReference('GB123456782')).toBe(false);
  });

  it('checks a Self Assessment UTR’s check digit, with a K before or after allowed', () => {
    expect(isValidSaUtr('1097172564')).toBe(true);
    expect(isValidSaUtr('K1097172564')).toBe(true);
    expect(isValidSaUtr('1097172564k')).toBe(true);
    expect(isValidSaUtr('2097172564')).toBe(false);
    expect(isValidSaUtr('109717256')).toBe(false);
  });

  it('takes a backURL java.net.URL could open', () => {
    expect(isValidBackUrl('https://some-accounting-software.com/after-pay/a218f71d9bf2438e851c71d50866c2e9')).toBe(
      true,
    );
    expect(isValidBackUrl('/after-pay')).toBe(false);
    expect(isValidBackUrl('https://a.example/with space')).toBe(false);
  });
});

describe('an amount typed on the payment page', () => {
  it.each([
    ['125.50', 12_550],
    ['£1,250', 125_000],
    ['0.5', 50],
    [' 7 ', 700],
  ])('%j is %i pence', (typed, pence) => {
    expect(penceOfPounds(typed)).toBe(pence);
  });

  it.each(['', '0', '12.345', '-5', '1,25', 'abc', '£'])('%j is not an amount', (typed) => {
    expect(penceOfPounds(typed)).toBeUndefined();
  });
});
