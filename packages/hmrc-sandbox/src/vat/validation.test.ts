import { describe, expect, it } from 'vitest';
import { businessError, flat, invalidRequest, legacy, messages } from '../http/errors';
import {
  parseSubmitBody,
  submitMessages,
  validateChargeReference,
  validateFinancialDataQuery,
  validateObligationsQuery,
  validatePeriodKeyPath,
  validateSubmitBody,
  validateVrn,
} from './validation';

const today = '2025-06-15';

describe('validateVrn (docs/reference/hmrc-vat-api.md §3.2)', () => {
  it('accepts exactly nine digits without checking the check digits', () => {
    expect(validateVrn('123456789')).toBeUndefined();
  });

  it('answers 400 VRN_INVALID for anything else', () => {
    const answer = flat(400, 'VRN_INVALID', 'The provided VRN is invalid');
    for (const vrn of ['12345678', '1234567890', 'GB123456789', '12345678a', '', '123456789\n']) {
      expect(validateVrn(vrn)).toEqual(answer);
    }
  });
});

describe('validateObligationsQuery: the presence table of 3.4', () => {
  const dates = { from: '2017-01-01', to: '2017-12-31' };

  it('accepts status=O alone', () => {
    expect(validateObligationsQuery({ status: 'O' }, today)).toBeUndefined();
  });

  it('answers MISSING_DATE_RANGE for status=F without dates', () => {
    expect(validateObligationsQuery({ status: 'F' }, today)).toEqual(legacy(400, 'MISSING_DATE_RANGE'));
  });

  it('answers INVALID_STATUS for any other status without dates, the empty one included', () => {
    expect(validateObligationsQuery({ status: 'X' }, today)).toEqual(legacy(400, 'INVALID_STATUS'));
    expect(validateObligationsQuery({ status: '' }, today)).toEqual(legacy(400, 'INVALID_STATUS'));
  });

  it('answers INVALID_DATE_FROM when nothing is sent', () => {
    expect(validateObligationsQuery({}, today)).toEqual(legacy(400, 'INVALID_DATE_FROM'));
  });

  it('answers INVALID_DATE_TO when only from is sent, whatever the status and even if from is malformed', () => {
    for (const status of [undefined, 'O', 'F', 'X']) {
      expect(validateObligationsQuery({ from: '2017-01-01', status }, today)).toEqual(legacy(400, 'INVALID_DATE_TO'));
    }
    expect(validateObligationsQuery({ from: 'nonsense' }, today)).toEqual(legacy(400, 'INVALID_DATE_TO'));
  });

  it('answers INVALID_DATE_FROM when only to is sent, whatever the status', () => {
    for (const status of [undefined, 'O', 'F', 'X']) {
      expect(validateObligationsQuery({ to: '2017-12-31', status }, today)).toEqual(legacy(400, 'INVALID_DATE_FROM'));
    }
  });

  it('accepts both dates with status absent, O or F', () => {
    for (const status of [undefined, 'O', 'F']) {
      expect(validateObligationsQuery({ ...dates, status }, today)).toBeUndefined();
    }
  });
});

describe('validateObligationsQuery: formats and the range rule (3.4)', () => {
  it('answers INVALID_DATE_FROM for a malformed or unreal from date', () => {
    for (const from of ['2017-1-01', '01-01-2017', '2017-02-30', '2017-13-01', '', '2017-01-01T00:00:00Z']) {
      expect(validateObligationsQuery({ from, to: '2017-12-31' }, today)).toEqual(legacy(400, 'INVALID_DATE_FROM'));
    }
  });

  it('answers INVALID_DATE_TO for a malformed or unreal to date', () => {
    for (const to of ['2017-12-32', '2017-02-29', 'tomorrow', '']) {
      expect(validateObligationsQuery({ from: '2017-01-01', to }, today)).toEqual(legacy(400, 'INVALID_DATE_TO'));
    }
  });

  it('answers INVALID_STATUS for a status other than exactly O or F', () => {
    for (const status of ['o', 'f', 'OF', '', 'A']) {
      expect(validateObligationsQuery({ from: '2017-01-01', to: '2017-12-31', status }, today)).toEqual(
        legacy(400, 'INVALID_STATUS'),
      );
    }
  });

  it('reports the first bad one of from, to and status', () => {
    expect(validateObligationsQuery({ from: 'x', to: 'y', status: 'Z' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_FROM'),
    );
    expect(validateObligationsQuery({ from: '2017-01-01', to: 'y', status: 'Z' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_TO'),
    );
  });

  it('checks the range only after the formats', () => {
    expect(validateObligationsQuery({ from: '2018-01-01', to: '2017-01-01', status: 'Z' }, today)).toEqual(
      legacy(400, 'INVALID_STATUS'),
    );
  });

  it('accepts a range of exactly one calendar year', () => {
    expect(validateObligationsQuery({ from: '2017-01-01', to: '2018-01-01' }, today)).toBeUndefined();
  });

  it('answers INVALID_DATE_RANGE one day beyond a calendar year', () => {
    expect(validateObligationsQuery({ from: '2017-01-01', to: '2018-01-02' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_RANGE'),
    );
  });

  it('answers INVALID_DATE_RANGE for a same-day range and for to before from', () => {
    expect(validateObligationsQuery({ from: '2017-01-01', to: '2017-01-01' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_RANGE'),
    );
    expect(validateObligationsQuery({ from: '2017-01-02', to: '2017-01-01' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_RANGE'),
    );
  });

  it('measures the year from 29 February as LocalDate.plusYears does (to 28 February)', () => {
    expect(validateObligationsQuery({ from: '2016-02-29', to: '2017-02-28' }, today)).toBeUndefined();
    expect(validateObligationsQuery({ from: '2016-02-29', to: '2017-03-01' }, today)).toEqual(
      legacy(400, 'INVALID_DATE_RANGE'),
    );
  });

  it('allows dates in the future, which only HMRC’s backend refuses', () => {
    expect(validateObligationsQuery({ from: '2030-01-01', to: '2030-06-30' }, today)).toBeUndefined();
  });

  it('reads the first value of a repeated parameter', () => {
    expect(validateObligationsQuery({ from: ['2017-01-01', 'x'], to: '2017-06-30' }, today)).toBeUndefined();
  });
});

describe('validateFinancialDataQuery for liabilities and payments (3.7, 3.8)', () => {
  it('accepts a valid range ending today', () => {
    expect(validateFinancialDataQuery({ from: '2024-06-16', to: today }, today)).toBeUndefined();
  });

  it('answers DATE_FROM_INVALID for a missing, malformed or unreal from', () => {
    for (const from of [undefined, '', '2024-6-1', '2024-02-30']) {
      expect(validateFinancialDataQuery({ from, to: '2025-01-01' }, today)).toEqual(legacy(400, 'DATE_FROM_INVALID'));
    }
  });

  it('answers DATE_FROM_INVALID before 2016-04-06 and accepts that day itself', () => {
    expect(validateFinancialDataQuery({ from: '2016-04-05', to: '2016-12-31' }, today)).toEqual(
      legacy(400, 'DATE_FROM_INVALID'),
    );
    expect(validateFinancialDataQuery({ from: '2016-04-06', to: '2016-12-31' }, today)).toBeUndefined();
  });

  it('answers DATE_TO_INVALID for a missing, malformed or unreal to', () => {
    for (const to of [undefined, '', 'yesterday', '2025-02-29']) {
      expect(validateFinancialDataQuery({ from: '2025-01-01', to }, today)).toEqual(legacy(400, 'DATE_TO_INVALID'));
    }
  });

  it('answers DATE_TO_INVALID for a to after today', () => {
    expect(validateFinancialDataQuery({ from: '2025-01-01', to: '2025-06-16' }, today)).toEqual(
      legacy(400, 'DATE_TO_INVALID'),
    );
  });

  it('checks from before to, and both before the range', () => {
    expect(validateFinancialDataQuery({ from: 'x', to: 'y' }, today)).toEqual(legacy(400, 'DATE_FROM_INVALID'));
    expect(validateFinancialDataQuery({ from: '2025-06-01', to: '2025-07-01' }, today)).toEqual(
      legacy(400, 'DATE_TO_INVALID'),
    );
  });

  it('accepts one year minus a day and answers DATE_RANGE_INVALID for a full year', () => {
    expect(validateFinancialDataQuery({ from: '2017-01-01', to: '2017-12-31' }, today)).toBeUndefined();
    expect(validateFinancialDataQuery({ from: '2017-01-01', to: '2018-01-01' }, today)).toEqual(
      legacy(400, 'DATE_RANGE_INVALID'),
    );
  });

  it('answers DATE_RANGE_INVALID for a same-day range and for to before from', () => {
    expect(validateFinancialDataQuery({ from: '2024-01-01', to: '2024-01-01' }, today)).toEqual(
      legacy(400, 'DATE_RANGE_INVALID'),
    );
    expect(validateFinancialDataQuery({ from: '2024-01-02', to: '2024-01-01' }, today)).toEqual(
      legacy(400, 'DATE_RANGE_INVALID'),
    );
  });
});

describe('validatePeriodKeyPath (3.6)', () => {
  const periodKeyInvalid = invalidRequest([{ code: 'PERIOD_KEY_INVALID', message: 'Invalid period key' }]);

  it('accepts upper-case keys and a percent-encoded #', () => {
    for (const raw of ['18A1', '0418', '#001', '%23001', '9999']) expect(validatePeriodKeyPath(raw)).toBeUndefined();
  });

  it('answers 400 INVALID_REQUEST with PERIOD_KEY_INVALID for anything else, malformed encodings included', () => {
    for (const raw of ['18a1', '18A', '18A12', '%2301', '18-1', '%E0%A4%A', '']) {
      expect(validatePeriodKeyPath(raw)).toEqual(periodKeyInvalid);
    }
  });

  it('wraps both errors when the VRN is bad too, and answers the VRN alone when only it is bad', () => {
    expect(validatePeriodKeyPath('bad', '12345')).toEqual(
      invalidRequest([
        { code: 'VRN_INVALID', message: messages.VRN_INVALID },
        { code: 'PERIOD_KEY_INVALID', message: 'Invalid period key' },
      ]),
    );
    expect(validatePeriodKeyPath('18A1', '12345')).toEqual(flat(400, 'VRN_INVALID', messages.VRN_INVALID));
  });
});

describe('validateChargeReference (3.10)', () => {
  it('accepts X, one letter and twelve digits', () => {
    for (const ref of ['XV123451234512', 'XP123456789012', 'Xs198765432109']) {
      expect(validateChargeReference(ref)).toBeUndefined();
    }
  });

  it('answers 400 CHARGE_REFERENCE_INVALID otherwise', () => {
    const answer = flat(400, 'CHARGE_REFERENCE_INVALID', 'The provided chargeReference is invalid');
    for (const ref of ['XV12345123451', 'XV1234512345123', 'xV123451234512', 'X1123451234512', 'AV123451234512']) {
      expect(validateChargeReference(ref)).toEqual(answer);
    }
  });

  it('answers 400 INVALID_REQUEST carrying both when the VRN is bad too', () => {
    expect(validateChargeReference('nope', 'GB123')).toEqual(
      invalidRequest([
        { code: 'VRN_INVALID', message: messages.VRN_INVALID },
        { code: 'CHARGE_REFERENCE_INVALID', message: messages.CHARGE_REFERENCE_INVALID },
      ]),
    );
    expect(validateChargeReference('XV123451234512', 'GB123')).toEqual(flat(400, 'VRN_INVALID', messages.VRN_INVALID));
    expect(validateChargeReference('XV123451234512', '123456789')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Submit body (3.5)
// ---------------------------------------------------------------------------------------------

/** HMRC's SubmitVatReturn.json example: a valid declaration. */
const valid = {
  periodKey: 'A001',
  vatDueSales: 105.5,
  vatDueAcquisitions: -100.45,
  totalVatDue: 5.05,
  vatReclaimedCurrPeriod: 105.15,
  netVatDue: 100.1,
  totalValueSalesExVAT: 300,
  totalValuePurchasesExVAT: 300,
  totalValueGoodsSuppliedExVAT: 3000,
  totalAcquisitionsExVAT: 3000,
  finalised: true,
};

const withField = (name: string, value: unknown): Record<string, unknown> => ({ ...valid, [name]: value });
const without = (name: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));

/** The raw text of `valid` with one field's JSON text replaced: keeps the number as written. */
const rawWith = (name: string, jsonText: string): string =>
  JSON.stringify({ ...valid, [name]: '@@' }).replace('"@@"', jsonText);

const amountItem = (path: string, message: string) => ({ code: 'INVALID_MONETARY_AMOUNT', message, path });
const regular = submitMessages.AMOUNT_BOXES_1_TO_4;
const net = submitMessages.AMOUNT_BOX_5;
const whole = submitMessages.AMOUNT_BOXES_6_TO_9;

describe('validateSubmitBody: stage 2, JSON', () => {
  const invalidJson = { status: 400, body: { statusCode: 400, message: 'Invalid Json' } };

  it('accepts HMRC’s own example both as text and as a parsed object', () => {
    expect(validateSubmitBody(JSON.stringify(valid))).toBeUndefined();
    expect(validateSubmitBody(valid)).toBeUndefined();
    expect(validateSubmitBody(new TextEncoder().encode(JSON.stringify(valid)))).toBeUndefined();
  });

  it('answers 400 "Invalid Json" for no body, text that is not JSON, and JSON that is not an object', () => {
    for (const body of [undefined, '', '{"periodKey": abc}', '{"a":1,}', '{"a":01}', '[]', 'null', '"text"', 42]) {
      expect(validateSubmitBody(body)).toEqual(invalidJson);
    }
    expect(validateSubmitBody(null)).toEqual(invalidJson);
    expect(validateSubmitBody([valid])).toEqual(invalidJson);
  });

  it('answers "Invalid Json" for bytes that are not UTF-8 and for a number no BigDecimal can hold', () => {
    expect(validateSubmitBody(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual(invalidJson);
    expect(validateSubmitBody(rawWith('vatDueSales', '1e999999'))).toEqual(invalidJson);
  });
});

describe('validateSubmitBody: stage 3, field checks', () => {
  it('answers MANDATORY_FIELD_MISSING with the field’s path', () => {
    expect(validateSubmitBody(without('vatDueSales'))).toEqual(
      invalidRequest([
        { code: 'MANDATORY_FIELD_MISSING', message: 'a mandatory field is missing', path: '/vatDueSales' },
      ]),
    );
  });

  it('lists every missing field in HMRC’s order for an empty object', () => {
    const answer = validateSubmitBody('{}');
    expect(answer?.status).toBe(400);
    expect(answer?.body).toMatchObject({ code: 'INVALID_REQUEST', message: 'Invalid request' });
    const paths = (answer?.body as { errors: { code: string; path: string }[] }).errors.map((e) => e.path);
    expect(paths).toEqual(Object.keys(valid).map((key) => `/${key}`));
  });

  it('answers INVALID_NUMERIC_VALUE for a box that is not a JSON number, null included', () => {
    for (const value of ['100.00', null, true, [1], { a: 1 }]) {
      expect(validateSubmitBody(withField('totalVatDue', value))).toEqual(
        invalidRequest([
          { code: 'INVALID_NUMERIC_VALUE', message: 'please provide a numeric field', path: '/totalVatDue' },
        ]),
      );
    }
  });

  it('answers INVALID_STRING_VALUE for a period key that is not a string', () => {
    expect(validateSubmitBody(withField('periodKey', 1001))).toEqual(
      invalidRequest([{ code: 'INVALID_STRING_VALUE', message: 'please provide a string field', path: '/periodKey' }]),
    );
  });

  it('answers UNMAPPED_PLAY_ERROR for finalised that is not a boolean', () => {
    expect(validateSubmitBody(withField('finalised', 'true'))).toEqual(
      invalidRequest([{ code: 'UNMAPPED_PLAY_ERROR', message: 'error.expected.jsboolean', path: '/finalised' }]),
    );
  });

  it('answers PERIOD_KEY_INVALID for a string that is not four of [#0-9A-Z]', () => {
    for (const periodKey of ['a001', '18A', '18A12', '18 1', '']) {
      expect(validateSubmitBody(withField('periodKey', periodKey))).toEqual(
        invalidRequest([
          { code: 'PERIOD_KEY_INVALID', message: 'period key should be a 4 character string', path: '/periodKey' },
        ]),
      );
    }
  });

  it('rejects float artefacts such as 0.1 + 0.2 in boxes 1-4', () => {
    expect(validateSubmitBody(withField('vatDueSales', 0.1 + 0.2))).toEqual(
      invalidRequest([amountItem('/vatDueSales', regular)]),
    );
  });

  it('judges decimals on the number as written in the text: 105.50 passes, 105.500 does not', () => {
    expect(validateSubmitBody(rawWith('vatDueSales', '105.50'))).toBeUndefined();
    expect(validateSubmitBody(rawWith('vatDueSales', '105.500'))).toEqual(
      invalidRequest([amountItem('/vatDueSales', regular)]),
    );
  });

  it('uses box 5’s own message for too many decimals, a negative value or over 99,999,999,999.99', () => {
    for (const text of ['100.101', '-100.10', '100000000000.00']) {
      expect(validateSubmitBody(rawWith('netVatDue', text))).toEqual(invalidRequest([amountItem('/netVatDue', net)]));
    }
  });

  it('requires whole pounds in boxes 6-9: 500.5 is refused, 500.00 and 5E+2 are whole', () => {
    expect(validateSubmitBody(withField('totalValueSalesExVAT', 500.5))).toEqual(
      invalidRequest([amountItem('/totalValueSalesExVAT', whole)]),
    );
    expect(validateSubmitBody(rawWith('totalValueSalesExVAT', '500.00'))).toBeUndefined();
    expect(validateSubmitBody(rawWith('totalValueSalesExVAT', '5E+2'))).toBeUndefined();
  });

  it('answers INVALID_MONETARY_AMOUNT for boxes 1-4 outside ±9,999,999,999,999.99 but accepts the limits', () => {
    expect(validateSubmitBody(withField('vatReclaimedCurrPeriod', 10_000_000_000_000))).toEqual(
      invalidRequest([amountItem('/vatReclaimedCurrPeriod', regular)]),
    );
    const atLimits = rawWith('vatDueSales', '9999999999999.99')
      .replace('"vatDueAcquisitions":-100.45', '"vatDueAcquisitions":-9999999999999.99')
      .replace('"totalVatDue":5.05', '"totalVatDue":0')
      .replace('"vatReclaimedCurrPeriod":105.15', '"vatReclaimedCurrPeriod":100.1');
    expect(validateSubmitBody(atLimits)).toBeUndefined();
  });

  it('reports one error for a box that has both too many decimals and is out of range', () => {
    expect(validateSubmitBody(rawWith('vatDueSales', '99999999999999.999'))).toEqual(
      invalidRequest([amountItem('/vatDueSales', regular)]),
    );
  });

  it('lists several errors in HMRC’s order, as its integration test pins', () => {
    const body = rawWith('vatReclaimedCurrPeriod', '10000000000000000000000.00').replace(
      '"totalAcquisitionsExVAT":3000',
      '"totalAcquisitionsExVAT":50000000000000000000000',
    );
    expect(validateSubmitBody(body)).toEqual(
      invalidRequest([amountItem('/vatReclaimedCurrPeriod', regular), amountItem('/totalAcquisitionsExVAT', whole)]),
    );
  });

  it('orders mixed errors as vat-api does: missing, decimals, types, period key, ranges', () => {
    const body = {
      ...without('vatDueAcquisitions'),
      periodKey: 'bad',
      vatDueSales: 1.234,
      totalVatDue: 'x',
      totalValueSalesExVAT: 1e14,
      finalised: 'yes',
    };
    expect(validateSubmitBody(body)).toEqual(
      invalidRequest([
        { code: 'MANDATORY_FIELD_MISSING', message: 'a mandatory field is missing', path: '/vatDueAcquisitions' },
        amountItem('/vatDueSales', regular),
        { code: 'INVALID_NUMERIC_VALUE', message: 'please provide a numeric field', path: '/totalVatDue' },
        { code: 'UNMAPPED_PLAY_ERROR', message: 'error.expected.jsboolean', path: '/finalised' },
        { code: 'PERIOD_KEY_INVALID', message: 'period key should be a 4 character string', path: '/periodKey' },
        amountItem('/totalValueSalesExVAT', whole),
      ]),
    );
  });
});

describe('validateSubmitBody: stage 4, arithmetic', () => {
  const totalItem = {
    code: 'VAT_TOTAL_VALUE',
    message: 'totalVatDue should be equal to vatDueSales + vatDueAcquisitions',
    path: '/totalVatDue',
  };
  const netItem = {
    code: 'VAT_NET_VALUE',
    message:
      'netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod',
    path: '/netVatDue',
  };

  it('answers VAT_TOTAL_VALUE when box 3 is not box 1 + box 2', () => {
    expect(validateSubmitBody({ ...valid, totalVatDue: 5.06, netVatDue: 100.09 })).toEqual(invalidRequest([totalItem]));
  });

  it('answers VAT_NET_VALUE when box 5 is not |box 3 − box 4|', () => {
    expect(validateSubmitBody(withField('netVatDue', 100.11))).toEqual(invalidRequest([netItem]));
  });

  it('lists VAT_NET_VALUE before VAT_TOTAL_VALUE when both fail', () => {
    expect(validateSubmitBody(withField('totalVatDue', 5.06))).toEqual(invalidRequest([netItem, totalItem]));
  });

  it('adds exactly: 0.1 + 0.2 is 0.3 in pence, whatever floats say', () => {
    const body = { ...valid, vatDueSales: 0.1, vatDueAcquisitions: 0.2, totalVatDue: 0.3, vatReclaimedCurrPeriod: 0 };
    expect(validateSubmitBody({ ...body, netVatDue: 0.3 })).toBeUndefined();
  });

  it('accepts a repayment return, box 5 being the positive difference', () => {
    expect(validateSubmitBody({ ...valid, vatReclaimedCurrPeriod: 1005.05, netVatDue: 1000 })).toBeUndefined();
  });

  it('runs only after every field check passed', () => {
    expect(validateSubmitBody({ ...valid, totalVatDue: 5.06, periodKey: 'bad' })).toEqual(
      invalidRequest([
        { code: 'PERIOD_KEY_INVALID', message: 'period key should be a 4 character string', path: '/periodKey' },
      ]),
    );
  });
});

describe('validateSubmitBody: stage 5, NOT_FINALISED', () => {
  const notFinalised = businessError([
    {
      code: 'NOT_FINALISED',
      message: 'The return cannot be accepted without a declaration it is finalised.',
      path: '/finalised',
    },
  ]);

  it('answers 403 BUSINESS_ERROR NOT_FINALISED for finalised false', () => {
    expect(validateSubmitBody(withField('finalised', false))).toEqual(notFinalised);
    expect(notFinalised.status).toBe(403);
  });

  it('comes only after the field and arithmetic checks pass', () => {
    expect(validateSubmitBody({ ...valid, finalised: false, periodKey: 'x' })?.status).toBe(400);
    expect(validateSubmitBody({ ...valid, finalised: false, netVatDue: 1 })?.body).toMatchObject({
      errors: [{ code: 'VAT_NET_VALUE' }],
    });
  });
});

describe('parseSubmitBody', () => {
  it('returns the period key and every box in integer pence', () => {
    expect(parseSubmitBody(JSON.stringify(valid))).toEqual({
      ok: true,
      submission: {
        periodKey: 'A001',
        boxes: {
          vatDueSales: 10550,
          vatDueAcquisitions: -10045,
          totalVatDue: 505,
          vatReclaimedCurrPeriod: 10515,
          netVatDue: 10010,
          totalValueSalesExVAT: 30000,
          totalValuePurchasesExVAT: 30000,
          totalValueGoodsSuppliedExVAT: 300000,
          totalAcquisitionsExVAT: 300000,
        },
      },
    });
  });
});
