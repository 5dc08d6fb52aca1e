import type { hmrcConnection } from '../hmrc-connection';
import { VatDataService } from './service';

/** The HMRC connection with HMRC's VAT data read through it, as the features that read VAT data take it. */
export type HmrcWithVatData = ReturnType<typeof withVatData>;

/** Adds the VAT data reader to the HMRC connection (its service and client). */
export function withVatData(hmrc: ReturnType<typeof hmrcConnection>) {
  return { ...hmrc, vatData: new VatDataService(hmrc.service, hmrc.client) };
}
