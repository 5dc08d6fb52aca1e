/**
 * What the HMRC Assist messages (feedback-messages.ts, feedback-history-messages.ts) are built
 * from: the FeedbackItem shape of reference/vat-assist/application.yaml, the GOV.UK guidance they
 * link to (real pages; GOV.UK guidance mostly has no Welsh page, so, as in HMRC's own example,
 * both languages link to the English one), and how figures and dates are written.
 */

export interface FeedbackLink {
  title: string;
  url: string;
}

export interface FeedbackItem {
  /** '001' to '005', in priority order. */
  itemNumber: string;
  title: string;
  body: string;
  action?: string;
  links?: FeedbackLink[];
  /** The box the message is about, by its API field name, as in HMRC's examples. */
  path: string;
}

export type Words = Omit<FeedbackItem, 'itemNumber' | 'path'>;
export type Bilingual = { path: string; en: Words; cy: Words };
export type Guidance = { en: FeedbackLink; cy: FeedbackLink };

export const guidance = (url: string, en: string, cy: string): Guidance => ({
  en: { title: en, url },
  cy: { title: cy, url },
});

export const notice700 = guidance(
  'https://www.gov.uk/guidance/vat-notice-700-the-vat-guide',
  'VAT Notice 700',
  'Hysbysiad TAW 700',
);
export const notice70012 = guidance(
  'https://www.gov.uk/guidance/how-to-fill-in-and-submit-your-vat-return-vat-notice-70012',
  'How to fill in and submit your VAT Return (VAT Notice 700/12)',
  'Sut i lenwi a chyflwyno eich Ffurflen TAW (Hysbysiad TAW 700/12)',
);
export const vatRates = guidance(
  'https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services',
  'VAT rates on different goods and services',
  'Cyfraddau TAW ar wahanol nwyddau a gwasanaethau',
);
export const reclaimVat = guidance('https://www.gov.uk/reclaim-vat', 'Reclaiming VAT', 'Adennill TAW');
export const flatRateScheme = guidance(
  'https://www.gov.uk/vat-flat-rate-scheme',
  'VAT Flat Rate Scheme',
  'Cynllun Cyfradd Unffurf TAW',
);
export const notice733 = guidance(
  'https://www.gov.uk/government/publications/vat-notice-733-flat-rate-scheme-for-small-businesses',
  'VAT Notice 733: Flat Rate Scheme for small businesses',
  'Hysbysiad TAW 733: Cynllun Cyfradd Unffurf ar gyfer busnesau bach',
);
export const northernIreland = guidance(
  'https://www.gov.uk/vat-registration/selling-or-moving-goods-in-northern-ireland',
  'Selling or moving goods in Northern Ireland',
  'Gwerthu neu symud nwyddau yng Ngogledd Iwerddon',
);

export const links = (...items: Guidance[]) => ({ en: items.map((item) => item.en), cy: items.map((item) => item.cy) });

/** A rate in tenths of a per cent as written: 195 -> '19.5', 200 -> '20' (integers only). */
export const percent = (tenths: number): string =>
  tenths % 10 === 0 ? String(tenths / 10) : `${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`;

export const lastReturnsEn = (n: number) => (n === 1 ? 'your last return' : `your last ${n} returns`);
export const lastReturnsCy = (n: number) =>
  n === 1 ? 'eich Ffurflen TAW ddiwethaf' : `eich ${n} Ffurflen TAW ddiwethaf`;
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
