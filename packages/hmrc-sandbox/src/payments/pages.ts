import { escapeHtml, page } from '../oauth/pages';
import type { PaymentJourney } from '../store/payment-journeys';
import { formatPounds } from '../vat/money';

/**
 * The simulator's payment pages, in place of HMRC's payment service that the Initiate payment API
 * sends the person to (reference/initiate-payment/application.yaml): what is being paid, how much
 * (the amount the software sent, or another; 0 asks for one), then a choice of what the bank
 * does — pay, refuse, or the person cancels — and an end page that offers the software's backURL
 * as a link ("return to <friendlyName>"), as the definition says HMRC does. Plain server-rendered
 * HTML in the frame of oauth/pages.ts: one heading per page, every field labelled, radios in a
 * fieldset with a legend, errors summarised at the top and tied to their field, native buttons
 * and links so the keyboard reaches everything. Field names and ids are fixed for scripts.
 */

const regimeWords = {
  Vat: { title: 'Pay your VAT', reference: 'VAT registration number' },
  SelfAssessment: { title: 'Pay your Self Assessment', reference: 'Unique Taxpayer Reference (UTR)' },
} as const;

/** What the person paying sends back (the form's `outcome` button). */
export const paymentPageOutcomes = ['pay', 'fail', 'cancel'] as const;
export type PaymentPageOutcome = (typeof paymentPageOutcomes)[number];

export interface PaymentFormInput {
  journey: PaymentJourney;
  /** What was typed in the other-amount box, shown again after an error. */
  otherAmount?: string;
  otherChosen?: boolean;
  error?: string;
}

export function paymentPage({ journey, otherAmount = '', otherChosen = false, error }: PaymentFormInput): string {
  const words = regimeWords[journey.taxRegime];
  const errorId = 'otherAmount-error';
  const summary = error
    ? `<div class="govuk-error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
  <h2 id="error-summary-title">There is a problem</h2>
  <p><a href="#otherAmount">${escapeHtml(error)}</a></p>
</div>`
    : '';
  const described = ['otherAmount-hint', ...(error ? [errorId] : [])].join(' ');
  const amountInput = `<p class="hint" id="otherAmount-hint">In pounds and pence, for example 125.50</p>
  ${error ? `<p class="govuk-error-message" id="${errorId}">${escapeHtml(error)}</p>` : ''}
  <input id="otherAmount" name="otherAmount" type="text" inputmode="decimal" autocomplete="off" spellcheck="false" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''} value="${escapeHtml(otherAmount)}">`;
  const amountChoice =
    journey.amountPence > 0
      ? `<fieldset>
  <legend>How much do you want to pay?</legend>
  <div class="radio"><input type="radio" id="amountChoice-full" name="amountChoice" value="full"${otherChosen ? '' : ' checked'}><label for="amountChoice-full">${formatPounds(journey.amountPence)}, the amount your software sent</label></div>
  <div class="radio"><input type="radio" id="amountChoice-other" name="amountChoice" value="other"${otherChosen ? ' checked' : ''}><label for="amountChoice-other">Another amount</label></div>
  <label for="otherAmount">Other amount</label>
  ${amountInput}
</fieldset>`
      : `<input type="hidden" name="amountChoice" value="other">
<label for="otherAmount">How much do you want to pay?</label>
${amountInput}`;
  return page(
    error ? `Error: ${words.title}` : words.title,
    `${summary}
<h1>${words.title}</h1>
<dl class="summary">
  <dt>${words.reference}</dt><dd id="reference">${escapeHtml(journey.reference)}</dd>
</dl>
<form method="post" action="" novalidate>
${amountChoice}
<fieldset>
  <legend>What happens at the bank</legend>
  <p class="hint">This is the simulator: no money moves. Choose how the payment ends.</p>
  <div class="actions">
    <button id="pay" name="outcome" value="pay" type="submit">Pay now</button>
    <button id="fail" name="outcome" value="fail" type="submit" class="secondary">The bank refuses the payment</button>
    <button id="cancel" name="outcome" value="cancel" type="submit" class="secondary">Cancel and do not pay</button>
  </div>
</fieldset>
</form>`,
  );
}

/** The end of the journey: what happened, and the way back to the software if it gave one. */
export function paymentEndPage(journey: PaymentJourney): string {
  const amount = formatPounds(journey.chosenPence ?? journey.amountPence);
  const [title, message] =
    journey.outcome === 'paid'
      ? ['Payment received', `You paid ${amount} towards ${escapeHtml(journey.reference)}.`]
      : journey.outcome === 'cancelled'
        ? ['You cancelled your payment', `You have not paid. Nothing was taken from your account.`]
        : ['Your payment has not been made', `Your bank refused the payment of ${amount}. You have not paid.`];
  // Only a web address is offered as a link: backURL may name any scheme java.net.URL knows.
  const back = journey.backUrl && /^https?:/i.test(journey.backUrl) ? journey.backUrl : undefined;
  const link = back
    ? `<p><a id="return" class="button" href="${escapeHtml(back)}">Return to ${escapeHtml(journey.friendlyName ?? 'your software')}</a></p>`
    : '<p id="return">You can now close this page.</p>';
  return page(title, `<h1 id="outcome-${journey.outcome ?? 'none'}">${title}</h1>\n<p>${message}</p>\n${link}`);
}

/** A link that leads to no journey: unknown, or from another simulator. */
export function noJourneyPage(): string {
  return page(
    'Payment not found',
    `<h1>This payment cannot be found</h1>
<p id="no-journey">The link does not lead to a payment. Start again from your software.</p>`,
  );
}

/**
 * An amount typed as pounds (`125.50`, `£1,250`, `0.5`) in pence, or undefined when it is not
 * one. Whole pence only, from 1p; no float is ever made.
 */
export function penceOfPounds(text: string): number | undefined {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const pounds = (match[1] ?? '').replace(/,/g, '');
  const pence = BigInt(pounds) * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  if (pence < 1n || pence > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(pence);
}
