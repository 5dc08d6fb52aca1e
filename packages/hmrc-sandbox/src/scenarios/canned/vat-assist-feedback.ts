import type { FeedbackMessages } from '../../vat-assist/feedback-messages';

/**
 * The feedback of the VAT Assist scenarios, word for word HMRC's own examples
 * (reference/vat-assist/application.yaml, RequestVATAssistFeedback 200: "Example 1 (single
 * feedback message)" for the default scenario, "Example 2 (multiple feedback messages)" for
 * MULTIPLE_FEEDBACK). HMRC notes they are "for illustration purposes only".
 */

const vatNotice700 = { title: 'VAT Notice 700', url: 'https://www.gov.uk/guidance/vat-notice-700-the-vat-guide' };
const hysbysiadTaw700 = { title: 'Hysbysiad TAW 700', url: 'https://www.gov.uk/guidance/vat-notice-700-the-vat-guide' };

const salesLowEnglish = {
  itemNumber: '001',
  title: 'VAT due on sales appears low',
  body: 'The VAT due on sales figure appears lower than expected based on your total sales value.',
  action: 'Please review box 1 and box 6 of your VAT return.',
  links: [vatNotice700],
  path: 'vatDueSales',
};

const salesLowWelsh = {
  itemNumber: '001',
  title: "Mae TAW sy'n ddyledus ar werthiannau yn ymddangos yn isel",
  body: "Mae'r ffigur TAW sy'n ddyledus ar werthiannau yn ymddangos yn is na'r disgwyl yn seiliedig ar gyfanswm eich gwerthiannau.",
  action: 'Adolygwch flwch 1 a blwch 6 eich ffurflen TAW.',
  links: [hysbysiadTaw700],
  path: 'vatDueSales',
};

export const singleFeedback: FeedbackMessages = {
  englishFeedback: [salesLowEnglish],
  welshFeedback: [salesLowWelsh],
};

export const multipleFeedback: FeedbackMessages = {
  englishFeedback: [
    salesLowEnglish,
    {
      itemNumber: '002',
      title: 'Total value of purchases appears high',
      body: 'The total value of purchases appears higher than expected based on your total sales value.',
      action: 'Please review box 7 of your VAT return.',
      links: [vatNotice700],
      path: 'totalValuePurchasesExVAT',
    },
  ],
  welshFeedback: [
    salesLowWelsh,
    {
      itemNumber: '002',
      title: "Mae cyfanswm pryniannau'n uchel",
      body: "Mae cyfanswm y pryniannau'n ymddangos yn uwch na'r disgwyl.",
      action: "Adolygwch flwch 7 o'ch ffurflen TAW.",
      links: [hysbysiadTaw700],
      path: 'totalValuePurchasesExVAT',
    },
  ],
};

/** NO_FEEDBACK: "no HMRC VAT Assist feedback" — both lists empty. */
export const noFeedback: FeedbackMessages = { englishFeedback: [], welshFeedback: [] };
