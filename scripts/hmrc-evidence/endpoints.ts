import type { Exchange, HeaderMap } from './model';

/** HMRC's endpoints the evidence covers, and what a captured exchange says about its own. */

/**
 * HMRC's operation a request is to, its data folded into the path template (VRN, period key,
 * charge reference, ARN, invitation id), as HMRC's feedback names endpoints.
 */
export function endpointOf(method: string, url: string): string {
  const template = (url.split('?')[0] ?? url)
    .replace(/^\/organisations\/vat\/[^/]+/, '/organisations/vat/{vrn}')
    .replace(/^(\/organisations\/vat\/\{vrn\}\/returns)\/[^/]+$/, '$1/{periodKey}')
    .replace(/^(\/organisations\/vat\/\{vrn\}\/financial-details)\/[^/]+$/, '$1/{chargeReference}')
    .replace(/^\/agents\/[^/]+\/invitations/, '/agents/{arn}/invitations')
    .replace(/^(\/agents\/\{arn\}\/invitations)\/[^/]+$/, '$1/{invitationId}')
    .replace(/^\/misc\/transaction-risking\/assist\/[^/]+$/, '/misc/transaction-risking/assist/{vrn}')
    .replace(
      /^\/misc\/transaction-risking\/acknowledge\/[^/]+\/[^/]+\/[^/]+$/,
      '/misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}',
    );
  return `${method.toUpperCase()} ${template}`;
}

/** Every HMRC endpoint VAT Wise uses (packages/hmrc's client): each must appear in the evidence. */
export const expectedEndpoints = [
  'POST /oauth/token',
  'POST /create-test-user/organisations',
  'POST /create-test-user/agents',
  'GET /organisations/vat/{vrn}/obligations',
  'GET /organisations/vat/{vrn}/liabilities',
  'GET /organisations/vat/{vrn}/payments',
  'GET /organisations/vat/{vrn}/penalties',
  'GET /organisations/vat/{vrn}/financial-details/{chargeReference}',
  'GET /organisations/vat/{vrn}/information',
  'POST /organisations/vat/{vrn}/returns',
  'GET /organisations/vat/{vrn}/returns/{periodKey}',
  'POST /agents/{arn}/invitations',
  'GET /agents/{arn}/invitations',
  'GET /agents/{arn}/invitations/{invitationId}',
  'DELETE /agents/{arn}/invitations/{invitationId}',
  'POST /misc/transaction-risking/assist/{vrn}',
  'POST /misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}',
  'POST /payments/make-payment/pay',
  'GET /payments/make-payment/status',
] as const;

/**
 * The calls HMRC requires fraud prevention headers on: the VAT (MTD), VAT Assist (MTD) and Agent
 * Authorisation APIs, all user-restricted. Initiate payment is application-restricted: VAT Wise
 * sends it no person's headers (docs/paying-hmrc.md).
 */
export const needsFraudHeaders = (url: string) =>
  /^\/(organisations\/vat|agents|misc\/transaction-risking)\//.test(url);

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

export const connectionMethodOf = (exchange: Exchange) =>
  headerValue(exchange.requestHeaders, 'gov-client-connection-method') ?? 'none';

/** The OAuth grant of a token request, to tell its kinds apart in the report. */
export function grantTypeOf(exchange: Exchange): string | undefined {
  if (!exchange.url.startsWith('/oauth/token')) return undefined;
  return new URLSearchParams(exchange.requestBody).get('grant_type') ?? undefined;
}
