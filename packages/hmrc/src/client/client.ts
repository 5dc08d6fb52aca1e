import type { z } from 'zod';
import { oauthTokenResponseSchema, type OauthTokenResponse } from '../schemas/oauth';
import {
  createAgentResponseSchema,
  createIndividualResponseSchema,
  createOrganisationResponseSchema,
} from '../schemas/test-user';
import { customerInformationResponseSchema } from '../schemas/customer-information';
import { financialDetailsResponseSchema } from '../schemas/financial-details';
import { liabilitiesResponseSchema } from '../schemas/liabilities';
import { obligationsResponseSchema } from '../schemas/obligations';
import { paymentsResponseSchema } from '../schemas/payments';
import { penaltiesResponseSchema } from '../schemas/penalties';
import { submitReturnResponseSchema, viewReturnResponseSchema } from '../schemas/returns';
import {
  type Invitation,
  invitationIdOf,
  invitationSchema,
  invitationsSchema,
  type VatClientAccess,
} from '../schemas/agent-authorisation';
import { HmrcError, normaliseHmrcError } from '../errors';
import {
  defaultRetryPolicy,
  type FetchLike,
  hmrcTimeouts,
  type HttpRequest,
  readBody,
  type RetryPolicy,
  send,
} from './http';
import { type InitiatedPayment, initiatePayment, type PaymentCallOptions, paymentStatus } from './payments';
import { type CallContext, hmrcAccept, type HmrcTransport } from './transport';
import { acknowledgeAssistReport, type AssistDraft, requestAssistFeedback } from './vat-assist';
import type { PayRequest, PaymentStatusResponse } from '../schemas/initiate-payment';
import type { VatAssistResponse } from '../schemas/vat-assist';

/**
 * VAT Wise's typed HMRC client (docs/reference/hmrc-vat-api.md §1–3): OAuth, Create Test User and the eight VAT
 * (MTD) endpoints. Every call sends HMRC's Accept header; user-restricted calls take the access
 * token and the fraud prevention headers of the request they serve. Bodies are checked against
 * our schemas of HMRC's definitions; refusals come back as HmrcError.
 */

export { hmrcAccept };
export type { CallContext };
/** Agent Authorisation 2.0, for the operation only it has (de-authorise). */
const agentAccept20 = 'application/vnd.hmrc.2.0+json';

/**
 * A throttled submission waits as HMRC says (Retry-After, at most 10 s a time) and is sent again,
 * up to 4 times in all: at most 30 s of waiting inside the user's request, then the refusal stands.
 */
export const defaultSubmitRetryPolicy: RetryPolicy = { attempts: 4, baseDelayMs: 1_000, maxDelayMs: 10_000 };

export interface HmrcClientOptions {
  /** API calls and /oauth/token, e.g. https://test-api.service.hmrc.gov.uk. */
  baseUrl: string;
  /** The browser's /oauth/authorize host, e.g. https://test-www.tax.service.gov.uk. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Production uses HMRC's longer LONG time-out (docs/reference/product.md §9). */
  production?: boolean;
  retry?: RetryPolicy;
  /** A submission refused by HMRC's throttle (429) is sent again this way; never after anything else. */
  submitRetry?: RetryPolicy;
  fetch?: FetchLike;
  /** Waits between a GET's attempts (setTimeout unless a test gives its own). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Waits for each request's turn before it is sent (VAT Wise paces itself to HMRC's rate limit);
   * a request's time-out counts from its turn, not from its wait in the queue.
   */
  pace?: (method: string, url: string) => Promise<void>;
}

export type TestUserKind = 'individuals' | 'organisations' | 'agents';

const testUserSchemas = {
  individuals: createIndividualResponseSchema,
  organisations: createOrganisationResponseSchema,
  agents: createAgentResponseSchema,
} as const;

export type CreatedTestUser = z.infer<(typeof testUserSchemas)[TestUserKind]>;

export const vatScopes = 'read:vat write:vat';

/**
 * An agent's authority: the VAT scopes for clients' returns, and one per Agent Authorisation
 * operation (write:relationships is 2.0's de-authorise).
 */
export const agentScopes = `${vatScopes} write:sent-invitations read:sent-invitations write:cancel-invitations read:check-relationship write:relationships`;

export class HmrcClient {
  private readonly fetchImpl: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly submitRetry: RetryPolicy;
  private readonly longTimeout: number;
  private applicationToken: { token: string; expiresAt: number } | undefined;

  constructor(private readonly options: HmrcClientOptions) {
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
    this.retry = options.retry ?? defaultRetryPolicy;
    this.submitRetry = options.submitRetry ?? defaultSubmitRetryPolicy;
    this.longTimeout = options.production ? hmrcTimeouts.longProduction : hmrcTimeouts.long;
  }

  /** Every request goes through here: sent, retried as its policy allows, each attempt paced. */
  private send(request: HttpRequest) {
    return send(this.fetchImpl, this.options.pace ? { ...request, pace: this.options.pace } : request);
  }

  // --- OAuth (1.2-1.4) -----------------------------------------------------------------------

  /** Where to send the browser to grant authority; `state` comes back with the code. */
  authorizationUrl(input: { state: string; codeChallenge?: string; scope?: string }): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.clientId,
      scope: input.scope ?? vatScopes,
      redirect_uri: this.options.redirectUri,
      state: input.state,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
    });
    return `${this.options.authUrl}/oauth/authorize?${query.toString()}`;
  }

  exchangeCode(code: string, codeVerifier?: string): Promise<OauthTokenResponse> {
    return this.token({
      grant_type: 'authorization_code',
      redirect_uri: this.options.redirectUri,
      code,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    });
  }

  /** Refresh tokens are single use: persist the new pair before anything else (1.4). */
  refreshToken(refreshToken: string): Promise<OauthTokenResponse> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async token(form: Record<string, string>): Promise<OauthTokenResponse> {
    const answer = await this.send({
      method: 'POST',
      url: `${this.options.baseUrl}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        ...form,
      }).toString(),
      timeoutMs: hmrcTimeouts.default,
    });
    return readBody(answer, 200, oauthTokenResponseSchema);
  }

  /** An application (client-credentials) token, kept until shortly before it expires. */
  private async appToken(): Promise<string> {
    if (this.applicationToken && this.applicationToken.expiresAt > Date.now() + 60_000) {
      return this.applicationToken.token;
    }
    const tokens = await this.token({ grant_type: 'client_credentials' });
    this.applicationToken = { token: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 };
    return tokens.access_token;
  }

  // --- Create Test User (2) ------------------------------------------------------------------

  async createTestUser(kind: TestUserKind, serviceNames: string[]): Promise<CreatedTestUser> {
    const answer = await this.send({
      method: 'POST',
      url: `${this.options.baseUrl}/create-test-user/${kind}`,
      headers: {
        accept: hmrcAccept,
        'content-type': 'application/json',
        authorization: `Bearer ${await this.appToken()}`,
      },
      body: JSON.stringify({ serviceNames }),
      timeoutMs: hmrcTimeouts.default,
    });
    return readBody(answer, 201, testUserSchemas[kind]);
  }

  // --- VAT (MTD) API 1.0 (3) -----------------------------------------------------------------

  private vatPath(vrn: string, rest: string) {
    return `${this.options.baseUrl}/organisations/vat/${encodeURIComponent(vrn)}${rest}`;
  }

  /**
   * Every user-restricted call's headers: HMRC's Accept, the token, and the fraud prevention
   * headers of the call's connection method, collected when each attempt is sent.
   */
  private headers(context: CallContext, extra: Record<string, string> = {}): () => Record<string, string> {
    return () => ({
      ...context.fraudHeaders.collect(),
      accept: hmrcAccept,
      authorization: `Bearer ${context.accessToken}`,
      ...(context.testScenario ? { 'Gov-Test-Scenario': context.testScenario } : {}),
      ...extra,
    });
  }

  private async get<Schema extends z.ZodType>(url: string, context: CallContext, schema: Schema, timeoutMs?: number) {
    const answer = await this.send({
      method: 'GET',
      url,
      headers: this.headers(context),
      timeoutMs: context.timeoutMs ?? timeoutMs ?? hmrcTimeouts.default,
      retry: this.retry,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    return { body: readBody(answer, 200, schema), correlationId: answer.headers.get('x-correlationid') };
  }

  obligations(vrn: string, query: { from?: string; to?: string; status?: 'O' | 'F' }, context: CallContext) {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return this.get(this.vatPath(vrn, `/obligations?${search.toString()}`), context, obligationsResponseSchema);
  }

  liabilities(vrn: string, query: { from: string; to: string }, context: CallContext) {
    const search = new URLSearchParams(query);
    return this.get(this.vatPath(vrn, `/liabilities?${search.toString()}`), context, liabilitiesResponseSchema);
  }

  payments(vrn: string, query: { from: string; to: string }, context: CallContext) {
    const search = new URLSearchParams(query);
    return this.get(this.vatPath(vrn, `/payments?${search.toString()}`), context, paymentsResponseSchema);
  }

  penalties(vrn: string, context: CallContext) {
    return this.get(this.vatPath(vrn, '/penalties'), context, penaltiesResponseSchema);
  }

  financialDetails(vrn: string, chargeReference: string, context: CallContext) {
    return this.get(
      this.vatPath(vrn, `/financial-details/${encodeURIComponent(chargeReference)}`),
      context,
      financialDetailsResponseSchema,
    );
  }

  customerInformation(vrn: string, context: CallContext) {
    return this.get(this.vatPath(vrn, '/information'), context, customerInformationResponseSchema);
  }

  /** View return: the long time-out (docs/reference/product.md §7); `#` in a key is percent-encoded (3.6). */
  viewReturn(vrn: string, periodKey: string, context: CallContext) {
    return this.get(
      this.vatPath(vrn, `/returns/${encodeURIComponent(periodKey)}`),
      context,
      viewReturnResponseSchema,
      this.longTimeout,
    );
  }

  /**
   * Submit a return. Never sent again after a time-out or 5xx (the return may have been filed, so
   * the caller checks View return first, 6.2); only after a 429, which HMRC answers unread. `body` must already be the exact JSON
   * text to send (money written with two decimals by integer arithmetic, 3.2).
   */
  async submitReturn(vrn: string, body: string, context: CallContext) {
    const answer = await this.send({
      method: 'POST',
      url: this.vatPath(vrn, '/returns'),
      headers: this.headers(context, { 'content-type': 'application/json' }),
      body,
      timeoutMs: context.timeoutMs ?? this.longTimeout,
      retry: this.submitRetry,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    return {
      body: readBody(answer, 201, submitReturnResponseSchema),
      receipt: {
        correlationId: answer.headers.get('x-correlationid'),
        receiptId: answer.headers.get('receipt-id'),
        receiptTimestamp: answer.headers.get('receipt-timestamp'),
      },
    };
  }

  // --- Agent Authorisation API 1.0 -----------------------------------------------------------

  private agentPath(arn: string, rest: string) {
    return `${this.options.baseUrl}/agents/${encodeURIComponent(arn)}${rest}`;
  }

  /** Asks a client for authority; HMRC answers 204 with the new invitation's id in Location. */
  async createInvitation(arn: string, client: VatClientAccess, context: CallContext): Promise<string> {
    const answer = await this.send({
      method: 'POST',
      url: this.agentPath(arn, '/invitations'),
      headers: this.headers(context, { 'content-type': 'application/json' }),
      body: JSON.stringify({ ...client, clientType: 'business' }),
      timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
    });
    if (answer.status !== 204) throw normaliseHmrcError(answer.status, answer.text);
    const id = invitationIdOf(answer.headers.get('location') ?? '');
    if (!id) {
      throw new HmrcError({
        status: 502,
        kind: 'unknown',
        message: 'HMRC created the request without a Location',
        details: [],
      });
    }
    return id;
  }

  /** Every request the agent sent (HMRC answers 204 when there are none). */
  async invitations(arn: string, context: CallContext): Promise<Invitation[]> {
    const answer = await this.send({
      method: 'GET',
      url: this.agentPath(arn, '/invitations'),
      headers: this.headers(context),
      timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
      retry: this.retry,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    if (answer.status === 204) return [];
    return readBody(answer, 200, invitationsSchema);
  }

  async invitation(arn: string, invitationId: string, context: CallContext): Promise<Invitation> {
    const url = this.agentPath(arn, `/invitations/${encodeURIComponent(invitationId)}`);
    return (await this.get(url, context, invitationSchema)).body;
  }

  /**
   * Cancels a pending request (204); HMRC refuses one the client has answered (INVALID_INVITATION_STATUS).
   * HMRC's Agent Authorisation definition requires Content-Type on this DELETE, though it has no body.
   */
  async cancelInvitation(arn: string, invitationId: string, context: CallContext): Promise<void> {
    const answer = await this.send({
      method: 'DELETE',
      url: this.agentPath(arn, `/invitations/${encodeURIComponent(invitationId)}`),
      headers: this.headers(context, { 'content-type': 'application/json' }),
      timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
    });
    if (answer.status !== 204) throw normaliseHmrcError(answer.status, answer.text);
  }

  /**
   * Whether the agent may act for the VAT client now: HMRC answers 204, or 404
   * RELATIONSHIP_NOT_FOUND when the relationship is inactive; any other answer is an error.
   */
  async checkRelationship(arn: string, client: VatClientAccess, context: CallContext): Promise<boolean> {
    const answer = await this.send({
      method: 'POST',
      url: this.agentPath(arn, '/relationships'),
      headers: this.headers(context, { 'content-type': 'application/json' }),
      body: JSON.stringify(client),
      timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
      retry: this.retry,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    if (answer.status === 204) return true;
    const error = normaliseHmrcError(answer.status, answer.text);
    if (answer.status === 404 && error.codes.includes('RELATIONSHIP_NOT_FOUND')) return false;
    throw error;
  }

  /**
   * Ends the agent's relationship with a VAT client (Agent Authorisation 2.0 only: its Accept
   * header names 2.0). HMRC answers 204, or 403 NO_RELATIONSHIP when there is none.
   */
  async deauthoriseClient(arn: string, vrn: string, context: CallContext): Promise<void> {
    const answer = await this.send({
      method: 'PUT',
      url: this.agentPath(arn, '/deauthorise-client'),
      headers: this.headers(context, { 'content-type': 'application/json', accept: agentAccept20 }),
      body: JSON.stringify({ service: 'MTD-VAT', clientType: 'business', clientIdType: 'vrn', clientId: vrn }),
      timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
    });
    if (answer.status !== 204) throw normaliseHmrcError(answer.status, answer.text);
  }

  // --- VAT Assist (MTD) 1.0 and Initiate payment 1.0 (vat-assist.ts, payments.ts) -------------

  private get transport(): HmrcTransport {
    return {
      baseUrl: this.options.baseUrl,
      send: (request) => this.send(request),
      userHeaders: (context, extra) => this.headers(context, extra),
      appToken: () => this.appToken(),
      retry: this.retry,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    };
  }

  requestAssistFeedback(vrn: string, draft: AssistDraft, context: CallContext): Promise<VatAssistResponse> {
    return requestAssistFeedback(this.transport, vrn, draft, context);
  }

  acknowledgeAssistReport(
    vrn: string,
    reportId: string,
    correlationId: string,
    presentedAt: Date,
    context: CallContext,
  ): Promise<void> {
    return acknowledgeAssistReport(this.transport, vrn, reportId, correlationId, presentedAt, context);
  }

  initiatePayment(request: PayRequest, options?: PaymentCallOptions): Promise<InitiatedPayment> {
    return initiatePayment(this.transport, request, options);
  }

  paymentStatus(journeyId: string, options?: PaymentCallOptions): Promise<PaymentStatusResponse> {
    return paymentStatus(this.transport, journeyId, options);
  }
}
