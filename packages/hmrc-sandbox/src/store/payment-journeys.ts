import type { Kysely } from 'kysely';

/**
 * Initiate payment journeys (payments/): what the software asked to be paid, and how the payment
 * pages ended it (reference/initiate-payment/application.yaml). Amounts are integer pence, never
 * floats; PostgreSQL hands a bigint back as text, so rows are read through `journeyOf`.
 */
export interface PaymentJourneyTables {
  hmrc_sandbox_payment_journey: {
    /** The clientJourneyId the status endpoint is asked with. */
    journey_id: string;
    /** The secret in the payment page's address, kept as a hash like every token. */
    page_token_sha256: string;
    client_id: string;
    tax_regime: string;
    reference: string;
    /** amountInPence as sent; 0 asks the person paying to enter the amount. */
    amount_pence: number | string;
    /** The amount the person chose on the payment page. */
    chosen_pence: number | string | null;
    status: string;
    outcome: string | null;
    back_url: string | null;
    friendly_name: string | null;
    created_at: string;
    updated_at: string;
  };
}

export type TaxRegime = 'SelfAssessment' | 'Vat';
export type PaymentStatus = 'InProgress' | 'Completed' | 'Failed';
/** Why a journey ended: paid, the bank refused, or the person cancelled (abandoned) it. */
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface PaymentJourney {
  journeyId: string;
  pageTokenSha256: string;
  clientId: string;
  taxRegime: TaxRegime;
  reference: string;
  amountPence: number;
  chosenPence: number | null;
  status: PaymentStatus;
  outcome: PaymentOutcome | null;
  backUrl: string | null;
  friendlyName: string | null;
  createdAt: string;
  updatedAt: string;
}

type Row = PaymentJourneyTables['hmrc_sandbox_payment_journey'];

const pence = (value: number | string): number => {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Stored pence are not a safe integer: ${value}`);
  return amount;
};

function journeyOf(row: Row): PaymentJourney {
  return {
    journeyId: row.journey_id,
    pageTokenSha256: row.page_token_sha256,
    clientId: row.client_id,
    taxRegime: row.tax_regime as TaxRegime,
    reference: row.reference,
    amountPence: pence(row.amount_pence),
    chosenPence: row.chosen_pence === null ? null : pence(row.chosen_pence),
    status: row.status as PaymentStatus,
    outcome: row.outcome as PaymentOutcome | null,
    backUrl: row.back_url,
    friendlyName: row.friendly_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class PaymentJourneyStore {
  constructor(private readonly db: Kysely<PaymentJourneyTables>) {}

  async insert(journey: PaymentJourney): Promise<void> {
    await this.db
      .insertInto('hmrc_sandbox_payment_journey')
      .values({
        journey_id: journey.journeyId,
        page_token_sha256: journey.pageTokenSha256,
        client_id: journey.clientId,
        tax_regime: journey.taxRegime,
        reference: journey.reference,
        amount_pence: journey.amountPence,
        chosen_pence: journey.chosenPence,
        status: journey.status,
        outcome: journey.outcome,
        back_url: journey.backUrl,
        friendly_name: journey.friendlyName,
        created_at: journey.createdAt,
        updated_at: journey.updatedAt,
      })
      .execute();
  }

  async byId(journeyId: string): Promise<PaymentJourney | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_payment_journey')
      .selectAll()
      .where('journey_id', '=', journeyId)
      .executeTakeFirst();
    return row ? journeyOf(row) : undefined;
  }

  async byPageToken(pageTokenSha256: string): Promise<PaymentJourney | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_payment_journey')
      .selectAll()
      .where('page_token_sha256', '=', pageTokenSha256)
      .executeTakeFirst();
    return row ? journeyOf(row) : undefined;
  }

  /** Ends a journey still in progress; false when it had ended already (a second click). */
  async finish(
    journeyId: string,
    end: { status: Exclude<PaymentStatus, 'InProgress'>; outcome: PaymentOutcome; chosenPence: number | null },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_payment_journey')
      .set({ status: end.status, outcome: end.outcome, chosen_pence: end.chosenPence, updated_at: at })
      .where('journey_id', '=', journeyId)
      .where('status', '=', 'InProgress')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
