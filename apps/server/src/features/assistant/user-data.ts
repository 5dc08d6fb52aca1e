import { addDays, type Liability, type Obligation, type Payment, ukToday } from '@vatwise/domain';
import type { VatDataService, VatReader } from '../vat-operations';

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

export function userDataFor(vatData: VatDataService, reader: VatReader): UserData {
  const today = ukToday();
  const lastYear = { from: addDays(today, -364), to: today };
  return {
    vrn: reader.target.vrn,
    openObligations: () => vatData.openObligations(reader),
    liabilities: () => vatData.liabilities(reader, lastYear),
    payments: () => vatData.payments(reader, lastYear),
  };
}
