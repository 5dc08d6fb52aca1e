/**
 * Canned financial details and customer information (docs/reference/hmrc-vat-api.md §3.10, 3.11, 4.7, 4.8) for
 * HMRC's Gov-Test-Scenario values (docs/reference/hmrc-vat-api.md §4). HMRC does not publish its stub's data (4,
 * last paragraph), so the bodies follow HMRC's published examples (VAT-OAS and the legacy RAML
 * `examples/`, copied here, never read at run time) and the wording of each scenario in HMRC's
 * test-data tables. Data only; the choice between bodies is made in ../resolve.ts.
 */

/** VAT-OAS "all fields example" of Retrieve financial details (the current definition: totalBalance 109.99). */
export const financialDetails = {
  totalisations: {
    totalOverdue: 123.45,
    totalNotYetDue: 12.34,
    totalBalance: 109.99,
    totalCredit: 13.46,
    totalCleared: 12.35,
    additionalReceivableTotalisations: { totalAccountPostedInterest: 13.12, totalAccountAccruingInterest: 12.1 },
  },
  documentDetails: [
    {
      postingDate: '2024-05-07',
      issueDate: '2024-05-07',
      documentTotalAmount: 123.45,
      documentClearedAmount: 111.11,
      documentOutstandingAmount: 12.34,
      documentInterestTotals: { interestPostedAmount: 13.12, interestAccruingAmount: 12.1 },
      lineItemDetails: [
        {
          chargeDescription: 'VAT Return',
          periodFromDate: '2024-01-01',
          periodToDate: '2024-03-31',
          netDueDate: '2024-05-07',
          amount: 123.45,
          lineItemInterestDetails: {
            interestStartDate: '2024-05-08',
            currentInterestRate: 2,
            interestPostedAmount: 13.12,
            interestAccruingAmount: 12.1,
          },
        },
      ],
    },
  ],
};

export interface CustomerInformation {
  customerDetails?: { effectiveRegistrationDate?: string };
  flatRateScheme?: { frsCategory?: string; startDate?: string };
}

// VAT-OAS example of Retrieve VAT customer information. A block whose only field is absent is left
// out altogether rather than sent empty (both are valid against the schema; 4.8 does not say).
const customerDetails = { effectiveRegistrationDate: '2001-01-01' };
const flatRateScheme = { frsCategory: '001', startDate: '2001-01-01' };

export const customerInformation: Record<
  'DEFAULT' | 'NO_EFFECTREGISTRATIONDATE' | 'NO_FLATRATESCHEME' | 'NO_EFFECTREGISTRATIONDATE_NO_FRS',
  CustomerInformation
> = {
  DEFAULT: { customerDetails, flatRateScheme },
  NO_EFFECTREGISTRATIONDATE: { flatRateScheme },
  NO_FLATRATESCHEME: { customerDetails },
  NO_EFFECTREGISTRATIONDATE_NO_FRS: {},
};
