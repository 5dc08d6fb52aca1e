import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { randomToken, sha256 } from '../platform/secrets';
import type { PaymentJourney, PaymentOutcome, PaymentStatus } from '../store/payment-journeys';
import { advanceAccount } from '../vat/account';
import { digitsFor } from '../vat/random';
import { receivePayment } from '../vat/receive-payment';
import type { PayRequest } from './validation';

/**
 * Initiate payment journeys: started by `POST /pay`, ended on the simulator's payment pages
 * (pages.ts) or by a Gov-Test-Scenario, read by `GET /status`
 * (reference/initiate-payment/application.yaml). A VAT payment that completes is received on the
 * VRN's simulated account (vat/receive-payment.ts), so the VAT API's payments, liabilities and
 * financial details show it; a Self Assessment one changes nothing else, as the simulator has no
 * Self Assessment account.
 */

/** Where the person paying is sent: below the simulator, like HMRC's `…/payments/start/…` pages. */
export const paymentPagePath = (pageToken: string) => `/pay/${pageToken}`;

/** `POST /pay`'s 201 body. */
export interface PayResponseBody {
  /** The payment page to send the person's browser to. */
  redirectURL: string;
  /** A UUID, for `GET /status`. */
  clientJourneyId: string;
}

/** The status endpoint's 200 body. */
export interface PaymentStatusBody {
  clientJourneyId: string;
  taxRegime: 'SelfAssessment' | 'Vat';
  amountInPence: number;
  paymentStatus: PaymentStatus;
}

/** Retries of a payment that lost a race with another write to the same account. */
const writeAttempts = 3;

export class PaymentJourneys {
  constructor(private readonly context: SandboxContext) {}

  /** A new journey, in progress unless a scenario says otherwise; the page token is only in the link. */
  async start(
    clientId: string,
    request: PayRequest,
    initial: PaymentStatus = 'InProgress',
  ): Promise<{ journey: PaymentJourney; pageToken: string }> {
    const pageToken = randomToken();
    const now = this.context.clock.iso();
    const journey: PaymentJourney = {
      journeyId: randomUUID(),
      pageTokenSha256: sha256(pageToken),
      clientId,
      taxRegime: request.taxRegime,
      reference: request.reference,
      amountPence: request.amountInPence,
      chosenPence: null,
      status: 'InProgress',
      outcome: null,
      backUrl: request.backURL ?? null,
      friendlyName: request.friendlyName ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await this.context.store.paymentJourneys.insert(journey);
    if (initial === 'InProgress') return { journey, pageToken };
    const outcome: PaymentOutcome = initial === 'Completed' ? 'paid' : 'failed';
    await this.finish(journey, outcome, journey.amountPence);
    return { journey: (await this.context.store.paymentJourneys.byId(journey.journeyId)) ?? journey, pageToken };
  }

  byPageToken(pageToken: string): Promise<PaymentJourney | undefined> {
    return this.context.store.paymentJourneys.byPageToken(sha256(pageToken));
  }

  byId(journeyId: string): Promise<PaymentJourney | undefined> {
    return this.context.store.paymentJourneys.byId(journeyId);
  }

  /**
   * Ends a journey in progress: paid (Completed), refused by the bank or cancelled by the person
   * (both Failed, as the definition's FAILED says). False when it had ended already.
   */
  async finish(journey: PaymentJourney, outcome: PaymentOutcome, chosenPence: number): Promise<boolean> {
    const status = outcome === 'paid' ? 'Completed' : 'Failed';
    const ended = await this.context.store.paymentJourneys.finish(
      journey.journeyId,
      { status, outcome, chosenPence },
      this.context.clock.iso(),
    );
    if (ended && outcome === 'paid' && journey.taxRegime === 'Vat' && chosenPence > 0) {
      await this.receiveVatPayment(journey.reference, chosenPence, journey.journeyId);
    }
    return ended;
  }

  /** The payment on the VRN's account, if the simulator has one; a lost race with another write is retried. */
  private async receiveVatPayment(vrn: string, amountPence: number, journeyId: string): Promise<void> {
    const { store, clock } = this.context;
    const today = clock.today();
    for (let attempt = 1; attempt <= writeAttempts; attempt += 1) {
      const stored = await store.account(vrn);
      if (!stored) return;
      const { account } = receivePayment(
        advanceAccount(stored.account, today),
        amountPence,
        today,
        digitsFor(`payment-lot|${journeyId}`, 6),
      );
      if (await store.updateAccount(account, stored.version)) return;
    }
    throw new Error(`The payment of journey ${journeyId} could not be written to the account of ${vrn}`);
  }

  /** What `GET /status` reports: the amount paid once paid, else the amount chosen or asked for. */
  static statusBody(journey: PaymentJourney, status: PaymentStatus = journey.status): PaymentStatusBody {
    return {
      clientJourneyId: journey.journeyId,
      taxRegime: journey.taxRegime,
      amountInPence: journey.chosenPence ?? journey.amountPence,
      paymentStatus: status,
    };
  }
}
