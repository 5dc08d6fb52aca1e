import { describe, expect, it } from 'vitest';
import { submitReturnResponseSchema, vatReturnDeclarationSchema, viewReturnResponseSchema } from './returns';

// HMRC's legacy-raml examples SubmitVatReturn.json and SubmitVatReturnHash.json.
const submitVatReturnExample = {
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

const submitVatReturnHashExample = {
  periodKey: '#001',
  vatDueSales: 100.0,
  vatDueAcquisitions: 100.0,
  totalVatDue: 200.0,
  vatReclaimedCurrPeriod: 100.0,
  netVatDue: 100.0,
  totalValueSalesExVAT: 500,
  totalValuePurchasesExVAT: 500,
  totalValueGoodsSuppliedExVAT: 500,
  totalAcquisitionsExVAT: 500,
  finalised: true,
};

describe('VAT return declaration (submit request body)', () => {
  it("accepts HMRC's example returns, with decimals and with a # in the period key", () => {
    expect(vatReturnDeclarationSchema.parse(submitVatReturnExample)).toEqual(submitVatReturnExample);
    expect(vatReturnDeclarationSchema.safeParse(submitVatReturnHashExample).success).toBe(true);
  });

  it('accepts the same body read from JSON text, where 105.50 arrives as 105.5', () => {
    const wireText =
      '{"periodKey":"A001","vatDueSales":105.50,"vatDueAcquisitions":-100.45,"totalVatDue":5.05,' +
      '"vatReclaimedCurrPeriod":105.15,"netVatDue":100.10,"totalValueSalesExVAT":300.00,' +
      '"totalValuePurchasesExVAT":300,"totalValueGoodsSuppliedExVAT":3000,"totalAcquisitionsExVAT":3000,"finalised":true}';
    expect(vatReturnDeclarationSchema.safeParse(JSON.parse(wireText)).success).toBe(true);
  });

  it('refuses an amount with 3 decimal places and names the box', () => {
    const result = vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, vatDueSales: 105.505 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['vatDueSales']]);
  });

  it('refuses pence in boxes 6 to 9', () => {
    for (const box of [
      'totalValueSalesExVAT',
      'totalValuePurchasesExVAT',
      'totalValueGoodsSuppliedExVAT',
      'totalAcquisitionsExVAT',
    ]) {
      expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, [box]: 300.5 }).success).toBe(false);
    }
  });

  it('refuses a negative box 5 and boxes out of range', () => {
    expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, netVatDue: -100.1 }).success).toBe(false);
    expect(
      vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, totalVatDue: 10_000_000_000_000 }).success,
    ).toBe(false);
  });

  it('refuses a bad period key', () => {
    for (const periodKey of ['a001', 'A01', '18A1 ', 18]) {
      expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, periodKey }).success).toBe(false);
    }
  });

  it('refuses a missing box, a box sent as a string and a finalised flag that is not a boolean', () => {
    const { netVatDue: _netVatDue, ...withoutBox5 } = submitVatReturnExample;
    expect(vatReturnDeclarationSchema.safeParse(withoutBox5).success).toBe(false);
    expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, vatDueSales: '105.50' }).success).toBe(
      false,
    );
    expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, finalised: 'true' }).success).toBe(false);
  });

  it('leaves finalised: false to the business rule, which HMRC answers 403 NOT_FINALISED', () => {
    expect(vatReturnDeclarationSchema.safeParse({ ...submitVatReturnExample, finalised: false }).success).toBe(true);
  });
});

describe('submit return response', () => {
  it("reads HMRC's example receipt with its +0000 processing date", () => {
    const receipt = submitReturnResponseSchema.parse({
      processingDate: '2018-01-16T08:20:27.895+0000',
      paymentIndicator: 'BANK',
      formBundleNumber: '256660290587',
      chargeRefNumber: 'aCxFaNx0FZsCvyWF',
    });
    expect(receipt.formBundleNumber).toBe('256660290587');
  });

  it('reads the wire form with Z and no optional fields', () => {
    expect(
      submitReturnResponseSchema.safeParse({
        processingDate: '2018-03-01T11:43:43.195Z',
        formBundleNumber: '123456789012',
      }).success,
    ).toBe(true);
  });

  it('refuses a form bundle number that is not 12 digits, an unknown payment indicator or a long charge reference', () => {
    const receipt = { processingDate: '2018-03-01T11:43:43.195Z', formBundleNumber: '123456789012' };
    expect(submitReturnResponseSchema.safeParse({ ...receipt, formBundleNumber: '12345678901' }).success).toBe(false);
    expect(submitReturnResponseSchema.safeParse({ ...receipt, paymentIndicator: 'CARD' }).success).toBe(false);
    expect(submitReturnResponseSchema.safeParse({ ...receipt, chargeRefNumber: 'X'.repeat(17) }).success).toBe(false);
    expect(submitReturnResponseSchema.safeParse({ ...receipt, chargeRefNumber: '' }).success).toBe(false);
  });
});

describe('view return response', () => {
  it("reads HMRC's example returns GetVatReturnDecimals and GetVatReturnHash", () => {
    expect(
      viewReturnResponseSchema.safeParse({
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
      }).success,
    ).toBe(true);
    const { finalised: _finalised, ...hashReturn } = submitVatReturnHashExample;
    expect(viewReturnResponseSchema.parse(hashReturn).periodKey).toBe('#001');
  });

  it('refuses a return with pence in box 6', () => {
    const { finalised: _finalised, ...viewed } = submitVatReturnExample;
    expect(viewReturnResponseSchema.safeParse({ ...viewed, totalValueSalesExVAT: 300.01 }).success).toBe(false);
  });
});
