import type { HmrcDataKind } from '@vatwise/domain';
import {
  type CallContext,
  type FraudHeaders,
  financialDetailsFrom,
  type HmrcClient,
  liabilitiesFrom,
  obligationsFrom,
  paymentsFrom,
  penaltiesFrom,
  vatReturnFrom,
} from '@vatwise/hmrc';
import { type HmrcConnectionService, isNothingToList, type VatTarget } from '../hmrc-connection';

/**
 * Who reads HMRC's VAT data, for which business, and with what: the fraud prevention headers as
 * values (worked out from a request, or the background ones of a scheduled job) and, in HMRC's
 * sandbox only, a test scenario.
 */
export interface VatReader {
  ownerId: string;
  target: VatTarget;
  fraudHeaders: FraudHeaders;
  testScenario?: string | undefined;
}

/**
 * HMRC's VAT data for one business, read the same way by every feature: the VAT routes, the
 * deadlines, the deadline watcher, the assistant and VAT returns (and, next, a dashboard across
 * businesses). Each read goes through the user's connection (its access check, token refresh and
 * error mapping); for a list, HMRC's "nothing to list" (404 NOT_FOUND) is an empty list.
 */
export class VatDataService {
  constructor(
    private readonly connections: HmrcConnectionService,
    private readonly client: HmrcClient,
  ) {}

  /**
   * Every open obligation: status O with no dates, the one query HMRC answers without a date range
   * (docs/reference/hmrc-vat-api.md §3.4), so an obligation due next year or overdue from long ago is never missed.
   */
  openObligations(reader: VatReader) {
    return this.obligations(reader, { status: 'O' });
  }

  obligations(reader: VatReader, query: { from?: string; to?: string; status?: 'O' | 'F' | undefined }) {
    return this.list(reader, 'obligations', async (context) =>
      obligationsFrom(
        (
          await this.client.obligations(
            reader.target.vrn,
            { from: query.from, to: query.to, status: query.status },
            context,
          )
        ).body,
      ),
    );
  }

  // Only the dates go to HMRC, whatever else the caller's range object holds.
  liabilities(reader: VatReader, range: { from: string; to: string }) {
    return this.list(reader, 'liabilities', async (context) =>
      liabilitiesFrom(
        (await this.client.liabilities(reader.target.vrn, { from: range.from, to: range.to }, context)).body,
      ),
    );
  }

  payments(reader: VatReader, range: { from: string; to: string }) {
    return this.list(reader, 'payments', async (context) =>
      paymentsFrom((await this.client.payments(reader.target.vrn, { from: range.from, to: range.to }, context)).body),
    );
  }

  penalties(reader: VatReader) {
    return this.read(reader, 'penalties', async (context) =>
      penaltiesFrom((await this.client.penalties(reader.target.vrn, context)).body),
    );
  }

  financialDetails(reader: VatReader, chargeReference: string) {
    return this.read(reader, 'financialDetails', async (context) =>
      financialDetailsFrom((await this.client.financialDetails(reader.target.vrn, chargeReference, context)).body),
    );
  }

  returnView(reader: VatReader, periodKey: string) {
    return this.read(reader, 'returnView', async (context) =>
      vatReturnFrom((await this.client.viewReturn(reader.target.vrn, periodKey, context)).body),
    );
  }

  /** HMRC's customer information (the business's flat rate category among it), as HMRC sends it. */
  customerInformation(reader: VatReader) {
    return this.read(
      reader,
      'customerInformation',
      async (context) => (await this.client.customerInformation(reader.target.vrn, context)).body,
    );
  }

  private read<T>(reader: VatReader, kind: HmrcDataKind, call: (context: CallContext) => Promise<T>): Promise<T> {
    return this.connections.vatCall(reader.ownerId, reader.target, kind, (accessToken) =>
      call({
        accessToken,
        fraudHeaders: reader.fraudHeaders,
        ...(reader.testScenario ? { testScenario: reader.testScenario } : {}),
      }),
    );
  }

  private async list<T>(
    reader: VatReader,
    kind: HmrcDataKind,
    call: (context: CallContext) => Promise<T[]>,
  ): Promise<T[]> {
    try {
      return await this.read(reader, kind, call);
    } catch (error) {
      if (isNothingToList(error)) return [];
      throw error;
    }
  }
}
