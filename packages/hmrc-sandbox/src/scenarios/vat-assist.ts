import type { SandboxAnswer } from '../http/errors';
import { acknowledgeError, type AcknowledgeError, feedbackError, type FeedbackError } from '../vat-assist/errors';
import type { FeedbackMessages } from '../vat-assist/feedback-messages';
import { multipleFeedback, noFeedback, singleFeedback } from './canned/vat-assist-feedback';

/**
 * Gov-Test-Scenario values of the VAT Assist (MTD) API, from its definition's "Test data" tables
 * (reference/vat-assist/application.yaml). The definition's "Default (No header value)" is a
 * canned report of one message in HMRC's sandbox; here no header means the simulator's own
 * rules-based feedback (vat-assist/feedback-rules.ts), and that canned report is the value
 * DEFAULT, which HMRC's stub also takes (as it does `-`, the definition's example value).
 */

export const vatAssistFeedbackScenarios = [
  'DEFAULT',
  'MULTIPLE_FEEDBACK',
  'NO_FEEDBACK',
  'INVALID_VRN',
  'INVALID_PERIODKEY',
  'INVALID_REQUEST',
  'TAX_PERIOD_NOT_ENDED',
  'INSOLVENT_TRADER',
] as const;

export const vatAssistAcknowledgeScenarios = [
  'DEFAULT',
  'INVALID_VRN',
  'INVALID_REPORTID',
  'INVALID_DATETIME',
  'INVALID_CREDENTIALS',
  'NOT_AUTHORISED',
  'CORRELATION_ID',
  'NOT_FOUND',
] as const;

export type VatAssistFeedbackScenario = (typeof vatAssistFeedbackScenarios)[number];
export type VatAssistAcknowledgeScenario = (typeof vatAssistAcknowledgeScenarios)[number];

const feedbackAnswers: Record<VatAssistFeedbackScenario, FeedbackMessages | FeedbackError> = {
  DEFAULT: singleFeedback,
  MULTIPLE_FEEDBACK: multipleFeedback,
  NO_FEEDBACK: noFeedback,
  INVALID_VRN: 'VRN_INVALID',
  INVALID_PERIODKEY: 'PERIOD_KEY_INVALID',
  INVALID_REQUEST: 'INVALID_REQUEST',
  TAX_PERIOD_NOT_ENDED: 'TAX_PERIOD_NOT_ENDED',
  INSOLVENT_TRADER: 'RULE_INSOLVENT_TRADER',
};

/** DEFAULT is a 204 like the default; the rest are the definition's errors. */
const acknowledgeAnswers: Record<VatAssistAcknowledgeScenario, AcknowledgeError | 'ACKNOWLEDGED'> = {
  DEFAULT: 'ACKNOWLEDGED',
  INVALID_VRN: 'FORMAT_VRN',
  INVALID_REPORTID: 'FORMAT_REPORT_ID',
  INVALID_DATETIME: 'FORMAT_DATETIME',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  NOT_AUTHORISED: 'CLIENT_OR_AGENT_NOT_AUTHORISED',
  CORRELATION_ID: 'CORRELATION_ID',
  NOT_FOUND: 'MATCHING_RESOURCE_NOT_FOUND',
};

/** The header's value as HMRC's stub reads it: trimmed, `-` standing for DEFAULT; undefined when none. */
function scenarioName(value: string | string[] | undefined): string | undefined {
  const name = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!name) return undefined;
  return name === '-' ? 'DEFAULT' : name;
}

const isOneOf = <T extends string>(values: readonly T[], name: string): name is T =>
  (values as readonly string[]).includes(name);

export type FeedbackScenarioResolution =
  { kind: 'default' } | { kind: 'feedback'; messages: FeedbackMessages } | { kind: 'answer'; answer: SandboxAnswer };

export function resolveFeedbackScenario(value: string | string[] | undefined): FeedbackScenarioResolution {
  const name = scenarioName(value);
  if (name === undefined) return { kind: 'default' };
  if (!isOneOf(vatAssistFeedbackScenarios, name)) {
    return { kind: 'answer', answer: feedbackError('RULE_INCORRECT_GOV_TEST_SCENARIO') };
  }
  const answer = feedbackAnswers[name];
  return typeof answer === 'string'
    ? { kind: 'answer', answer: feedbackError(answer) }
    : { kind: 'feedback', messages: structuredClone(answer) };
}

export type AcknowledgeScenarioResolution =
  { kind: 'default' } | { kind: 'acknowledged' } | { kind: 'answer'; answer: SandboxAnswer };

export function resolveAcknowledgeScenario(value: string | string[] | undefined): AcknowledgeScenarioResolution {
  const name = scenarioName(value);
  if (name === undefined) return { kind: 'default' };
  if (!isOneOf(vatAssistAcknowledgeScenarios, name)) {
    return { kind: 'answer', answer: acknowledgeError('RULE_INCORRECT_GOV_TEST_SCENARIO') };
  }
  const answer = acknowledgeAnswers[name];
  return answer === 'ACKNOWLEDGED' ? { kind: 'acknowledged' } : { kind: 'answer', answer: acknowledgeError(answer) };
}
