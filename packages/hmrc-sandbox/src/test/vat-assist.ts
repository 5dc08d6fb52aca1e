import type { LightMyRequestResponse } from 'fastify';
import type { Sandbox, TestUser } from './harness';

/** Helpers for VAT Assist tests: a business, its periods, a draft, and the two calls. */

export interface Business {
  user: TestUser;
  vrn: string;
  token: string;
}

export async function newBusiness(sandbox: Sandbox, scope = 'read:vat write:vat'): Promise<Business> {
  const user = await sandbox.createUser('organisations');
  return { user, vrn: String(user.vrn), token: (await sandbox.authorise(user, scope)).access_token };
}

/** A business whose simulated account is (or is not) on the Flat Rate Scheme, which the account draws by chance. */
export async function businessOnFlatRate(sandbox: Sandbox, onScheme: boolean): Promise<Business> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const business = await newBusiness(sandbox);
    const info = await sandbox.vat('GET', `/organisations/vat/${business.vrn}/information`, { token: business.token });
    if (((info.json() as { flatRateScheme?: unknown }).flatRateScheme !== undefined) === onScheme) return business;
  }
  throw new Error(`no business ${onScheme ? 'on' : 'off'} the flat rate scheme in 60 tries`);
}

export interface Obligation {
  periodKey: string;
  start: string;
  end: string;
  status: 'O' | 'F';
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The business's obligations of the last year and a half, oldest first. */
export async function obligationsOf(sandbox: Sandbox, business: Business): Promise<Obligation[]> {
  const found = new Map<string, Obligation>();
  for (const [from, to] of [
    [isoDay(-540), isoDay(-181)],
    [isoDay(-180), isoDay(0)],
  ] as const) {
    const response = await sandbox.vat('GET', `/organisations/vat/${business.vrn}/obligations?from=${from}&to=${to}`, {
      token: business.token,
    });
    if (response.statusCode !== 200) continue;
    for (const obligation of (response.json() as { obligations: Obligation[] }).obligations) {
      found.set(obligation.periodKey, obligation);
    }
  }
  return [...found.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
}

/** The open period that has ended (the one feedback may be asked for), the current one, and a filed one. */
export async function periodsOf(sandbox: Sandbox, business: Business) {
  const all = await obligationsOf(sandbox, business);
  const today = isoDay(0);
  const ended = all.find((o) => o.status === 'O' && o.end < today);
  const current = all.find((o) => o.status === 'O' && o.end >= today);
  const filed = all.filter((o) => o.status === 'F');
  if (!ended || !current || filed.length === 0) throw new Error(`unexpected obligations ${JSON.stringify(all)}`);
  return { ended, current, filed, lastFiled: filed[filed.length - 1] as Obligation };
}

export type Boxes = Record<
  | 'vatDueSales'
  | 'vatDueAcquisitions'
  | 'totalVatDue'
  | 'vatReclaimedCurrPeriod'
  | 'netVatDue'
  | 'totalValueSalesExVAT'
  | 'totalValuePurchasesExVAT'
  | 'totalValueGoodsSuppliedExVAT'
  | 'totalAcquisitionsExVAT',
  number
>;

/** A filed return's boxes, as View return answers them (pounds). */
export async function filedBoxes(sandbox: Sandbox, business: Business, periodKey: string): Promise<Boxes> {
  const response = await sandbox.vat('GET', `/organisations/vat/${business.vrn}/returns/${periodKey}`, {
    token: business.token,
  });
  const { periodKey: _key, ...boxes } = response.json() as Boxes & { periodKey: string };
  return boxes;
}

/** A consistent draft in pounds: box 3 and box 5 worked out, in pence to avoid float sums. */
export function draft(sales: number, vatOnSales: number, purchases: number, vatReclaimed: number): Boxes {
  const pence = (pounds: number) => Math.round(pounds * 100);
  const total = pence(vatOnSales);
  return {
    vatDueSales: vatOnSales,
    vatDueAcquisitions: 0,
    totalVatDue: total / 100,
    vatReclaimedCurrPeriod: vatReclaimed,
    netVatDue: Math.abs(total - pence(vatReclaimed)) / 100,
    totalValueSalesExVAT: sales,
    totalValuePurchasesExVAT: purchases,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
  };
}

export function requestFeedback(
  sandbox: Sandbox,
  business: Pick<Business, 'vrn' | 'token'>,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return sandbox.vat('POST', `/misc/transaction-risking/assist/${business.vrn}`, {
    token: business.token,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface Report {
  reportId: string;
  correlationId: string;
  englishFeedback: { itemNumber: string; title: string; path: string }[];
  welshFeedback: { itemNumber: string; title: string; path: string }[];
}

/** Now, to the second, as presentedDateTime is written. */
export const presentedNow = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function acknowledgeReport(
  sandbox: Sandbox,
  business: Pick<Business, 'vrn' | 'token'>,
  ids: { reportId: string; correlationId: string },
  /** null sends none. */
  presentedDateTime: string | null = presentedNow(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const query = presentedDateTime === null ? '' : `?presentedDateTime=${encodeURIComponent(presentedDateTime)}`;
  return sandbox.vat(
    'POST',
    `/misc/transaction-risking/acknowledge/${business.vrn}/${ids.reportId}/${ids.correlationId}${query}`,
    { token: business.token, headers },
  );
}
