import { addDays, type Liability, type Obligation, type Payment, ukToday } from '@vatwise/domain';
import { liabilitiesFrom, obligationsFrom, paymentsFrom, type HmrcClient } from '@vatwise/hmrc';
import type { HmrcConnectionService } from '../hmrc-connection';

/**
 * The signed-in user's own VAT data for one of their businesses, for the assistant to read when
 * the user allows it. Each read goes through the user's HMRC connection, so it can never reach
 * another user's business (403 otherwise).
 */
export interface UserData {
  vrn: string;
  openObligations(): Promise<Obligation[]>;
  liabilities(): Promise<Liability[]>;
  payments(): Promise<Payment[]>;
}

export function userDataFor(deps: {
  connections: HmrcConnectionService;
  client: HmrcClient;
  ownerId: string;
  vrn: string;
  fraudHeaders: Record<string, string>;
}): UserData {
  const { connections, client, ownerId, vrn, fraudHeaders } = deps;
  const today = ukToday();
  const lastYear = { from: addDays(today, -364), to: today };
  // HMRC answers "nothing to list" with 404 NOT_FOUND: for the assistant that is an empty list.
  const orEmpty = <T>(read: Promise<T[]>) =>
    read.catch((error: unknown) => {
      if ((error as { hmrc?: { status?: number } }).hmrc?.status === 404) return [] as T[];
      throw error;
    });
  return {
    vrn,
    openObligations: () =>
      orEmpty(
        connections.vatCall(ownerId, { vrn }, 'obligations', async (accessToken) =>
          obligationsFrom((await client.obligations(vrn, { status: 'O' }, { accessToken, fraudHeaders })).body),
        ),
      ),
    liabilities: () =>
      orEmpty(
        connections.vatCall(ownerId, { vrn }, 'liabilities', async (accessToken) =>
          liabilitiesFrom((await client.liabilities(vrn, lastYear, { accessToken, fraudHeaders })).body),
        ),
      ),
    payments: () =>
      orEmpty(
        connections.vatCall(ownerId, { vrn }, 'payments', async (accessToken) =>
          paymentsFrom((await client.payments(vrn, lastYear, { accessToken, fraudHeaders })).body),
        ),
      ),
  };
}
