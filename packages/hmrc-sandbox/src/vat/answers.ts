import { flat, messages, type SandboxAnswer } from '../http/errors';

/** The answers the VAT endpoints build from the account, besides HMRC's errors. */

export const ok = <Body>(body: Body, status = 200): SandboxAnswer<Body> => ({ status, body });
export const notFound = (): SandboxAnswer => flat(404, 'NOT_FOUND', messages.NOT_FOUND);
