import { z } from 'zod';
import { periodKeySchema } from './common';
import { nineBoxFields } from './returns';

/**
 * HMRC's VAT Assist (MTD) API 1.0 (packages/hmrc-sandbox/reference/vat-assist/application.yaml):
 * feedback on a draft return's nine boxes before it is submitted, and the acknowledgement that the
 * feedback was shown to the user word for word.
 */

/** VATAssistRequest: a draft return's period and nine boxes, as the submit endpoint takes them but without `finalised`. */
export const vatAssistRequestSchema = z.object({ periodKey: periodKeySchema, ...nineBoxFields });
export type VatAssistRequest = z.infer<typeof vatAssistRequestSchema>;

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** FeedbackLink: both fields optional in HMRC's definition. */
export const feedbackLinkSchema = z.object({ title: z.string().optional(), url: z.string().optional() });
export type FeedbackLink = z.infer<typeof feedbackLinkSchema>;

/** FeedbackItem: one message, numbered `001`…, with the box path it concerns. */
export const feedbackItemSchema = z.object({
  itemNumber: z.string().regex(/^[0-9]{3}$/),
  title: z.string(),
  body: z.string(),
  action: z.string().optional(),
  links: z.array(feedbackLinkSchema).optional(),
  path: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** VATAssistResponse: the report, to be acknowledged with its reportId and correlationId once shown. */
export const vatAssistResponseSchema = z.object({
  reportId: z.string().regex(uuidPattern),
  correlationId: z.string(),
  englishFeedback: z.array(feedbackItemSchema),
  welshFeedback: z.array(feedbackItemSchema),
});
export type VatAssistResponse = z.infer<typeof vatAssistResponseSchema>;
