import type { LightMyRequestResponse } from 'fastify';
import { basePath, type Page, type Sandbox, SimulatedBrowser } from './harness';

/** Helpers for Initiate payment tests: the two API calls and a browser on the payment pages. */

export interface PayAnswer {
  redirectURL: string;
  clientJourneyId: string;
}

export async function startPayment(
  sandbox: Sandbox,
  body: unknown,
  headers: Record<string, string> = {},
  token?: string,
): Promise<LightMyRequestResponse> {
  return sandbox.vat('POST', '/payments/make-payment/pay', {
    token: token ?? (await sandbox.appToken()),
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Starts a journey that must start; HMRC's answer. */
export async function startedPayment(sandbox: Sandbox, body: unknown, headers: Record<string, string> = {}) {
  const response = await startPayment(sandbox, body, headers);
  if (response.statusCode !== 201) throw new Error(`pay: ${response.statusCode} ${response.body}`);
  return response.json() as PayAnswer;
}

export async function paymentStatus(
  sandbox: Sandbox,
  clientJourneyId: string | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const query = clientJourneyId === undefined ? '' : `?clientJourneyId=${encodeURIComponent(clientJourneyId)}`;
  return sandbox.vat('GET', `/payments/make-payment/status${query}`, { token: await sandbox.appToken(), headers });
}

/** The redirectURL's path inside the simulator, for the simulated browser. */
export const pagePathOf = (redirectURL: string) => new URL(redirectURL).pathname;

/** Opens the payment page and sends its form as the person paying would. */
export async function answerPaymentPage(
  sandbox: Sandbox,
  redirectURL: string,
  form: { outcome: string; amountChoice?: string; otherAmount?: string },
): Promise<{ form: Page; result: Page }> {
  const browser = new SimulatedBrowser(sandbox.app);
  const path = pagePathOf(redirectURL);
  const shown = await browser.get(path);
  const result = await browser.request('POST', path, form as Record<string, string>);
  return { form: shown, result };
}

export { basePath };
