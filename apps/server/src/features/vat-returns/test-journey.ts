import { addDays, obligationListSchema, type ReturnDraft, ukToday } from '@vatwise/domain';
import { connectBusiness } from '../../test/hmrc-journey';
import type { SessionClient } from '../../test/session-client';

/** A connected business and its overdue open period (the simulated history always has one). */
export async function businessWithOverduePeriod(client: SessionClient) {
  const business = await connectBusiness(client);
  const today = ukToday();
  const response = await client.get(
    `/api/vat/obligations?vrn=${business.vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`,
  );
  const overdue = obligationListSchema.parse(response.json()).obligations.find((obligation) => obligation.due < today);
  if (!overdue) throw new Error('no overdue period in the simulated history');
  return { vrn: business.vrn, userId: business.userId, password: business.password, period: overdue };
}

export async function startReturn(client: SessionClient, vrn: string, periodKey: string) {
  const response = await client.post('/api/initiate_vat_return', {
    user_vrn: vrn,
    period_key: periodKey,
    flat_rate_scheme: false,
    flat_rate_percentage: null,
  });
  return { response, draft: response.json() as ReturnDraft };
}

/** An import's form as the web app sends it: the fields, then the file with its name. */
export function importForm(
  fields: { vrn: string; draftId: string; kind?: 'transactions' | 'boxTotals'; mapping?: unknown },
  fileName: string,
  content: Buffer | string,
): FormData {
  const form = new FormData();
  form.set('vrn', fields.vrn);
  form.set('draftId', fields.draftId);
  form.set('kind', fields.kind ?? 'transactions');
  if (fields.mapping !== undefined) form.set('mapping', JSON.stringify(fields.mapping));
  form.set('file', new Blob([content]), fileName);
  return form;
}
