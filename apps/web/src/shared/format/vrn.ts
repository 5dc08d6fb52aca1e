import { leftToRightIn } from './bidi';

/**
 * '123 4567 89', as a VAT registration number is written on HMRC's letters; in a right-to-left
 * language one left-to-right run (a VRN put into a translated sentence is isolated there anyway).
 */
export function formatVrn(vrn: string, language = 'en'): string {
  const grouped = /^\d{9}$/.test(vrn) ? `${vrn.slice(0, 3)} ${vrn.slice(3, 7)} ${vrn.slice(7)}` : vrn;
  return leftToRightIn(grouped, language);
}
