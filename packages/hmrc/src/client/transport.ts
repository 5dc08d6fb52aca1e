import type { FraudHeaders } from './fraud-headers';
import type { HttpAnswer, HttpRequest, RetryPolicy } from './http';

export const hmrcAccept = 'application/vnd.hmrc.1.0+json';

/** Per call: whose authority, which fraud prevention headers, and (sandbox only) a test scenario. */
export interface CallContext {
  accessToken: string;
  /** Of the connection method of whoever started the call; collected again for each attempt. */
  fraudHeaders: FraudHeaders;
  /** HMRC sandbox's Gov-Test-Scenario (docs/reference/hmrc-vat-api.md §4). */
  testScenario?: string;
  timeoutMs?: number;
}

/** What a call module (vat-assist.ts, payments.ts) takes from HmrcClient: its sending, headers and tokens. */
export interface HmrcTransport {
  baseUrl: string;
  /** Sent through the client's fetch and pacing. */
  send(request: HttpRequest): Promise<HttpAnswer>;
  /** A user-restricted call's headers (Accept, token, fraud headers, test scenario), made per attempt. */
  userHeaders(context: CallContext, extra?: Record<string, string>): () => Record<string, string>;
  /** The application's client-credentials token. */
  appToken(): Promise<string>;
  retry: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
}
