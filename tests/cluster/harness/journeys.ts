import {
  addDays,
  getAuthUrlResponseSchema,
  obligationListSchema,
  type ReturnDraft,
  sandboxUserSchema,
  ukToday,
} from '@vatwise/domain';
import { signInAndGrant } from '../../../apps/server/src/test/hmrc-browser';
import type { UserSession } from './session';

/**
 * What a user does through the HTTP API, as the web app does it: connect a business (a sandbox
 * test user, signed in and granted on the simulator's pages without a browser), start a return.
 */
export interface ConnectedBusiness {
  vrn: string;
  /** The HMRC test user's id and password (the connection is known by this id). */
  userId: string;
  password: string;
}

export async function connectBusiness(user: UserSession): Promise<ConnectedBusiness> {
  const created = await user.post('/api/create_sandbox_user', { userType: 'Organisation' });
  if (created.status !== 201) throw new Error(`create_sandbox_user: ${created.status} ${created.text}`);
  const testUser = sandboxUserSchema.parse(created.json);
  const { url } = getAuthUrlResponseSchema.parse((await user.get(`/api/get_auth_url?userId=${testUser.userId}`)).json);
  const callback = await signInAndGrant(url, testUser);
  const exchanged = await user.post('/api/exchange_code', {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    userId: testUser.userId,
  });
  if (exchanged.status !== 200) throw new Error(`exchange_code: ${exchanged.status} ${exchanged.text}`);
  return { vrn: testUser.vrn ?? '', userId: testUser.userId, password: testUser.password };
}

/** The business's open period whose due date has passed (the simulated history always has one). */
export async function overduePeriod(user: UserSession, vrn: string) {
  const today = ukToday();
  const answer = await user.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`);
  if (answer.status !== 200) throw new Error(`obligations: ${answer.status} ${answer.text}`);
  const period = obligationListSchema.parse(answer.json).obligations.find((obligation) => obligation.due < today);
  if (!period) throw new Error('no overdue period in the simulated history');
  return period;
}

/** A draft return for the overdue period with one sale recorded: ready to submit. */
export async function readyReturn(user: UserSession, vrn: string): Promise<ReturnDraft> {
  const period = await overduePeriod(user, vrn);
  const started = await user.post('/api/initiate_vat_return', { user_vrn: vrn, period_key: period.periodKey });
  if (started.status !== 201) throw new Error(`initiate_vat_return: ${started.status} ${started.text}`);
  const recorded = await user.post('/api/vat_records', {
    vrn,
    kind: 'sale',
    date: period.start,
    description: 'Consulting',
    netPence: 500_000,
    vatPence: 100_000,
    rate: 'standard',
    treatment: 'normal',
  });
  if (recorded.status !== 201) throw new Error(`vat_records: ${recorded.status} ${recorded.text}`);
  return started.json as ReturnDraft;
}
