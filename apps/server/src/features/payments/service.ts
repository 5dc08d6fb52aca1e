import { randomUUID } from 'node:crypto';
import {
  addDays,
  formatGbp,
  type PaymentJourney,
  type PaymentJourneyStatus,
  paymentReturnPath,
  type StartPaymentBody,
  type StartedPayment,
  ukDateOf,
  ukToday,
} from '@vatwise/domain';
import { type HmrcClient, HmrcError } from '@vatwise/hmrc';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/access';
import type { ActivityLog } from '../practice';
import type { VatDataService, VatReader } from '../vat-operations';
import { journeyOf, type PaymentJourneyRepo, type PaymentJourneyRow } from './repo';

/**
 * Paying HMRC from VAT Wise (docs/paying-hmrc.md): a journey of HMRC's Initiate payment API
 * (packages/hmrc-sandbox/reference/initiate-payment/application.yaml) started for what HMRC says
 * is owed, its end asked of HMRC, and the payment looked for in HMRC's payments for the VRN.
 */
export interface PaymentServiceDeps {
  repo: PaymentJourneyRepo;
  vatData: VatDataService;
  client: HmrcClient;
  activity: ActivityLog;
  /** The app's public address: HMRC's page offers the way back to it (backURL). */
  publicUrl: string;
  now?: () => Date;
}

/** What HMRC says is owed for what the person chose to pay. */
export interface Owed {
  outstandingPence: number;
}

export class PaymentService {
  private readonly now: () => Date;
  constructor(private readonly deps: PaymentServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** What is still owed for the target, read from HMRC (liabilities for a period, penalties for a charge). */
  async owed(reader: VatReader, target: Pick<StartPaymentBody, 'kind' | 'reference'>): Promise<Owed> {
    const today = ukToday(this.now());
    if (target.kind === 'penalty') {
      const { penalties } = await this.deps.vatData.penalties(reader);
      const penalty = penalties.find(
        (one) =>
          one.kind === 'latePayment' && (one.chargeReference === target.reference || one.id === target.reference),
      );
      if (!penalty) throw new AppError('NOT_FOUND', 'HMRC has no penalty with this reference for this business.');
      return { outstandingPence: penalty.outstandingPence ?? 0 };
    }
    let period: { from: string; to: string } | undefined;
    if (target.kind === 'liability') {
      const [from, to] = target.reference.split('/') as [string, string];
      period = { from, to };
    } else {
      const obligations = await this.deps.vatData.obligations(reader, {
        from: addDays(today, -364),
        to: today,
        status: 'F',
      });
      const filed = obligations.find((one) => one.periodKey === target.reference);
      if (!filed) throw new AppError('NOT_FOUND', 'HMRC has no filed return for this period of this business.');
      period = { from: filed.start, to: filed.end };
    }
    const liabilities = await this.deps.vatData.liabilities(reader, period);
    const owed = liabilities.filter(
      (one) => one.taxPeriod?.from === period.from && one.taxPeriod.to === period.to && one.type.includes('Return'),
    );
    if (owed.length === 0) throw new AppError('NOT_FOUND', 'HMRC shows nothing owed for this period.');
    return { outstandingPence: owed.reduce((sum, one) => sum + (one.outstandingAmountPence ?? 0), 0) };
  }

  /** Starts HMRC's journey for at most what is owed; the browser is then sent to `redirectUrl`. */
  async start(user: SessionUser, reader: VatReader, body: StartPaymentBody): Promise<StartedPayment> {
    const { outstandingPence } = await this.owed(reader, body);
    if (outstandingPence <= 0) throw new AppError('VALIDATION_FAILED', 'HMRC shows nothing left to pay for this.');
    if (body.amountPence > outstandingPence) {
      throw new AppError(
        'VALIDATION_FAILED',
        `HMRC shows ${formatGbp(outstandingPence)} outstanding for this: pay that much or less.`,
      );
    }
    const id = randomUUID();
    const backUrl = `${this.deps.publicUrl.replace(/\/$/, '')}${paymentReturnPath}?journey=${id}`;
    const started = await hmrcCall(() =>
      this.deps.client.initiatePayment({
        taxRegime: 'Vat',
        reference: body.vrn,
        amountInPence: body.amountPence,
        backURL: backUrl,
        friendlyName: 'VAT Wise',
      }),
    );
    const row = {
      id,
      owner_id: user.workspaceId,
      vrn: body.vrn,
      journey_id: started.journeyId,
      kind: body.kind,
      reference: body.reference,
      amount_pence: body.amountPence,
      started_by_id: user.id,
      started_by_name: user.name || user.email,
      started_at: this.now().toISOString(),
      status: 'InProgress',
      status_checked_at: null,
      paid_amount_pence: null,
      reconciled_at: null,
    };
    await this.deps.repo.add(row);
    await this.deps.activity.record(user, body.vrn, 'payment_started', paymentWords(row));
    return { journey: journeyOf(row), redirectUrl: started.redirectUrl };
  }

  /** The workspace's journey: HMRC asked how it stands while not final, HMRC's payments while not yet reconciled. */
  async journey(
    user: SessionUser,
    id: string,
    readerFor: (vrn: string) => Promise<VatReader>,
  ): Promise<PaymentJourney> {
    let row = await this.deps.repo.byId(user.workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such payment in this workspace.');
    const checkedAt = this.now().toISOString();
    if (row.status === 'InProgress') {
      const status = await hmrcCall(() => this.deps.client.paymentStatus(row?.journey_id ?? ''));
      const change = {
        status: status.paymentStatus as PaymentJourneyStatus,
        status_checked_at: checkedAt,
        paid_amount_pence: status.paymentStatus === 'Completed' ? status.amountInPence : null,
      };
      const settled = await this.deps.repo.settle(user.workspaceId, id, change);
      if (settled) {
        row = { ...row, ...change };
        if (change.status === 'Completed') {
          await this.deps.activity.record(user, row.vrn, 'payment_completed', paymentWords(row));
        }
      } else {
        // Another reader recorded HMRC's answer meanwhile: theirs stands.
        row = (await this.deps.repo.byId(user.workspaceId, id)) ?? row;
      }
    }
    if (row.status === 'Completed' && row.reconciled_at === null && (await this.appears(user, row, readerFor))) {
      await this.deps.repo.update(user.workspaceId, id, { reconciled_at: checkedAt });
      row = { ...row, reconciled_at: checkedAt };
    }
    return journeyOf(row);
  }

  async recent(user: SessionUser, vrn: string): Promise<PaymentJourney[]> {
    return (await this.deps.repo.recent(user.workspaceId, vrn)).map(journeyOf);
  }

  /**
   * Has HMRC's payments list caught up with this payment? HMRC's payments carry only an amount and
   * a date, and one payment may be split across charges, so: the payments received since the day
   * the journey started must add up to what every completed journey of the VRN since then paid.
   */
  private async appears(
    user: SessionUser,
    row: PaymentJourneyRow,
    readerFor: (vrn: string) => Promise<VatReader>,
  ): Promise<boolean> {
    const since = ukDateOf(new Date(row.started_at));
    const today = ukToday(this.now());
    const payments = await this.deps.vatData.payments(await readerFor(row.vrn), {
      from: addDays(today, -364),
      to: today,
    });
    const received = payments
      .filter((payment) => payment.received !== null && payment.received >= since)
      .reduce((sum, payment) => sum + payment.amountPence, 0);
    const paid = (await this.deps.repo.recent(user.workspaceId, row.vrn, 200))
      .filter((one) => one.status === 'Completed' && ukDateOf(new Date(one.started_at)) >= since)
      .reduce((sum, one) => sum + Number(one.paid_amount_pence ?? 0), 0);
    return received > 0 && received >= paid;
  }
}

function paymentWords(row: { kind: string; reference: string; amount_pence: number | string }): string {
  const what = row.kind === 'penalty' ? 'penalty' : row.kind === 'return' ? 'return' : 'period';
  return `${formatGbp(Number(row.amount_pence))} for ${what} ${row.reference}`;
}

/** The Initiate payment API's refusals and silences in our terms. */
async function hmrcCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof HmrcError)) throw error;
    if (error.kind === 'timeout') throw new AppError('HMRC_TIMEOUT');
    if (error.kind === 'network' || error.status >= 500) throw new AppError('HMRC_UNAVAILABLE');
    throw new AppError('HMRC_REFUSED', `HMRC refused the payment: ${error.message}`, undefined, { statusCode: 502 });
  }
}
