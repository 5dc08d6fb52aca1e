import { describe, expect, it } from 'vitest';
import { endpointOf, expectedEndpoints, needsFraudHeaders } from './endpoints';
import type { CheckedExchange, Exchange, FeedbackResult, ScenarioResult } from './model';
import { redactExchange, redactForm, redactJsonText, scrubTree, secretsIn } from './redaction';
import { renderMarkdown } from './report';
import { summarise } from './summary';

const fraudHeaders = {
  'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
  'Gov-Client-Public-IP': '203.0.113.7',
  'Gov-Client-Multi-Factor':
    'type=TOTP&timestamp=2026-04-30T08%3A02Z&unique-reference=6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b',
  'Gov-Client-User-IDs': 'vat-wise=amelia%40example.com&vat-wise-id=u1',
};

function exchange(fields: Partial<Exchange>): Exchange {
  return {
    id: 1,
    scenario: 'a',
    startedAt: '2026-04-30T08:05:00.000Z',
    durationMs: 12,
    method: 'GET',
    url: '/organisations/vat/123456789/obligations?status=O',
    requestHeaders: {},
    requestBody: '',
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{}',
    ...fields,
  };
}

describe('redaction', () => {
  it('hides the token request’s secrets and keeps the rest of the form as it was', () => {
    expect(
      redactForm(
        'client_id=app&client_secret=s3cr3t-value&grant_type=authorization_code&redirect_uri=https%3A%2F%2Fx%2Fcb&code=abc123def&code_verifier=verifier-value',
      ),
    ).toBe(
      'client_id=app&client_secret=[redacted]&grant_type=authorization_code&redirect_uri=https%3A%2F%2Fx%2Fcb&code=[redacted]&code_verifier=[redacted]',
    );
    expect(redactForm('grant_type=refresh_token&refresh_token=r-token-value')).toBe(
      'grant_type=refresh_token&refresh_token=[redacted]',
    );
  });

  it('hides tokens and passwords in JSON, byte for byte otherwise, and keeps HMRC’s error code', () => {
    const body = '{"access_token":"a-token-1234","refresh_token" : "r-token-5678","expires_in":14400,"amount":100.00}';
    expect(redactJsonText(body)).toBe(
      '{"access_token":"[redacted]","refresh_token" : "[redacted]","expires_in":14400,"amount":100.00}',
    );
    expect(redactJsonText('{"userId":"945350439195","password":"bLohysg8utsa","vrn":"666119668"}')).toBe(
      '{"userId":"945350439195","password":"[redacted]","vrn":"666119668"}',
    );
    expect(redactJsonText('{"code":"INVALID_REQUEST","message":"Invalid request"}')).toBe(
      '{"code":"INVALID_REQUEST","message":"Invalid request"}',
    );
    expect(redactJsonText('{"totpURI":"otpauth://totp/x?secret=ABC","backupCodes":["aaaa-1111","bbbb-2222"]}')).toBe(
      '{"totpURI":"[redacted]","backupCodes":["[redacted]"]}',
    );
  });

  it('hides credentials in headers, keeps the fraud prevention headers, and scrubs known secrets anywhere', () => {
    const captured = exchange({
      method: 'POST',
      url: '/oauth/token',
      requestHeaders: {
        ...fraudHeaders,
        authorization: 'Bearer a-token-1234',
        Cookie: 'session=abcdef123456',
        'content-type': 'application/x-www-form-urlencoded',
      },
      requestBody: 'grant_type=refresh_token&refresh_token=r-token-5678&client_secret=the-app-secret',
      responseHeaders: { 'content-type': 'application/json', 'set-cookie': 'x=1' },
      responseBody: '{"access_token":"new-token-9999","note":"was r-token-5678"}',
    });
    const secrets = secretsIn(captured);
    expect(secrets).toEqual(
      expect.arrayContaining([
        'Bearer a-token-1234',
        'a-token-1234',
        'r-token-5678',
        'the-app-secret',
        'new-token-9999',
      ]),
    );
    const shown = redactExchange(captured, [...secrets, 'bLohysg8utsa']);
    expect(shown.requestHeaders).toEqual({
      ...fraudHeaders,
      authorization: '[redacted]',
      Cookie: '[redacted]',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(shown.requestBody).toBe('grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted]');
    expect(shown.responseHeaders['set-cookie']).toBe('[redacted]');
    expect(shown.responseBody).toBe('{"access_token":"[redacted]","note":"was [redacted]"}');
    expect(JSON.stringify(shown)).not.toMatch(/a-token-1234|r-token-5678|the-app-secret|new-token-9999/);
  });

  it('hides an authorisation code in a query string, and secret fields in any tree', () => {
    expect(redactExchange(exchange({ url: '/callback?code=abc123def&state=s1' })).url).toBe(
      '/callback?code=[redacted]&state=s1',
    );
    expect(
      scrubTree({ requests: [{ path: '/x', note: 'token abcdefgh12 here', password: 'p' }] }, ['abcdefgh12']),
    ).toEqual({ requests: [{ path: '/x', note: 'token [redacted] here', password: '[redacted]' }] });
  });
});

describe('endpoints', () => {
  it('folds VRNs, period keys, charge references, ARNs and invitation ids into templates', () => {
    expect(endpointOf('get', '/organisations/vat/123456789/returns/%2318A1')).toBe(
      'GET /organisations/vat/{vrn}/returns/{periodKey}',
    );
    expect(endpointOf('GET', '/organisations/vat/123456789/financial-details/XP806460082582')).toBe(
      'GET /organisations/vat/{vrn}/financial-details/{chargeReference}',
    );
    expect(endpointOf('GET', '/organisations/vat/123456789/obligations?from=2026-01-01')).toBe(
      'GET /organisations/vat/{vrn}/obligations',
    );
    expect(endpointOf('DELETE', '/agents/UARN1234567/invitations/ABC123')).toBe(
      'DELETE /agents/{arn}/invitations/{invitationId}',
    );
    expect(endpointOf('POST', '/agents/UARN1234567/invitations')).toBe('POST /agents/{arn}/invitations');
    expect(endpointOf('POST', '/create-test-user/agents')).toBe('POST /create-test-user/agents');
    expect(endpointOf('POST', '/misc/transaction-risking/assist/123456789')).toBe(
      'POST /misc/transaction-risking/assist/{vrn}',
    );
    expect(
      endpointOf(
        'POST',
        '/misc/transaction-risking/acknowledge/123456789/6f1f6a1e-2f0b-4c39-9d7e-4b8e2c1f0a11/c2e5b3d4-0a1b-4c2d-8e9f-1a2b3c4d5e6f?presentedDateTime=2027-04-06T10%3A00%3A00Z',
      ),
    ).toBe('POST /misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}');
    expect(endpointOf('GET', '/payments/make-payment/status?clientJourneyId=abc')).toBe(
      'GET /payments/make-payment/status',
    );
  });

  it('asks for fraud prevention headers on the user-restricted APIs, not on Initiate payment', () => {
    expect(needsFraudHeaders('/organisations/vat/123456789/returns')).toBe(true);
    expect(needsFraudHeaders('/agents/UARN1234567/invitations')).toBe(true);
    expect(needsFraudHeaders('/misc/transaction-risking/assist/123456789')).toBe(true);
    expect(needsFraudHeaders('/payments/make-payment/pay')).toBe(false);
    expect(needsFraudHeaders('/oauth/token')).toBe(false);
  });
});

describe('the summary and the exit decision', () => {
  const passed: ScenarioResult = { id: 'a', title: 'A', description: '', passed: true, steps: [] };
  /** One captured request to every endpoint, each with `verdict` where fraud headers are needed. */
  const everyEndpoint = (verdictCode: string, method = 'WEB_APP_VIA_SERVER'): CheckedExchange[] =>
    expectedEndpoints.map((endpoint, index) => {
      const [verb = 'GET', url = '/'] = endpoint.split(' ');
      const needs = /^\/(organisations|agents)\//.test(url);
      return {
        ...exchange({ id: index + 1, method: verb, url }),
        endpoint,
        connectionMethod: needs ? method : 'none',
        ...(needs
          ? {
              verdict: {
                code: verdictCode,
                message: '',
                ...(verdictCode === 'INVALID_HEADERS'
                  ? {
                      errors: [{ code: 'MISSING_HEADER', message: 'Header required', headers: ['gov-client-screens'] }],
                    }
                  : {}),
                ...(verdictCode === 'POTENTIALLY_INVALID_HEADERS'
                  ? {
                      warnings: [
                        {
                          code: 'POTENTIALLY_INVALID_HEADER',
                          message: 'Header missing',
                          headers: ['gov-client-multi-factor'],
                        },
                      ],
                    }
                  : {}),
              },
            }
          : {}),
      };
    });
  const feedback = (connectionMethod: string, codes: string[]): FeedbackResult => ({
    connectionMethod,
    ok: true,
    status: 200,
    body: {
      requests: codes.map((code) => ({
        method: 'GET',
        path: '/organisations/vat/123456789/obligations',
        code,
        headers: [
          {
            header: 'gov-client-multi-factor',
            code: code === 'VALID_HEADERS' ? 'VALID_HEADER' : 'MISSING_HEADER',
            errors: code === 'INVALID_HEADERS' ? ['Header required'] : [],
            warnings: code === 'POTENTIALLY_INVALID_HEADERS' ? ['Header missing'] : [],
          },
        ],
        crossValidation: [],
      })),
    },
    exchanges: [],
  });
  const good = [feedback('WEB_APP_VIA_SERVER', ['VALID_HEADERS']), feedback('BATCH_PROCESS_DIRECT', ['VALID_HEADERS'])];

  it('exits 0 with warnings only, counting them per connection method', () => {
    const summary = summarise({
      target: 'the simulator',
      exchanges: everyEndpoint('POTENTIALLY_INVALID_HEADERS'),
      feedback: [feedback('WEB_APP_VIA_SERVER', ['VALID_HEADERS', 'POTENTIALLY_INVALID_HEADERS']), good[1]!],
      scenarios: [passed],
    });
    expect(summary.exitCode).toBe(0);
    expect(summary.endpoints).toEqual({
      exercised: expectedEndpoints.length,
      expected: expectedEndpoints.length,
      missing: [],
    });
    expect(summary.byConnectionMethod.WEB_APP_VIA_SERVER).toEqual({
      requests: 12,
      verdicts: { POTENTIALLY_INVALID_HEADERS: 12 },
      errors: 0,
      warnings: 12,
    });
    expect(summary.feedback.WEB_APP_VIA_SERVER).toEqual({
      ok: true,
      status: 200,
      codes: { VALID_HEADERS: 1, POTENTIALLY_INVALID_HEADERS: 1 },
      errors: 0,
      warnings: 1,
    });
    expect(summary.failures).toEqual([]);
  });

  it('exits 1 when a captured request has INVALID_HEADERS', () => {
    const exchanges = everyEndpoint('VALID_HEADERS');
    const batch = { ...exchanges[3]!, id: 99, connectionMethod: 'BATCH_PROCESS_DIRECT' };
    batch.verdict = {
      code: 'INVALID_HEADERS',
      message: '',
      errors: [{ code: 'MISSING_HEADER', message: 'Header required', headers: ['gov-client-user-agent'] }],
    };
    const summary = summarise({ target: 't', exchanges: [...exchanges, batch], feedback: good, scenarios: [passed] });
    expect(summary.invalid).toBe(1);
    expect(summary.byConnectionMethod.BATCH_PROCESS_DIRECT).toMatchObject({
      requests: 1,
      verdicts: { INVALID_HEADERS: 1 },
      errors: 1,
    });
    expect(summary.exitCode).toBe(1);
  });

  it('exits 1 when HMRC’s feedback has INVALID_HEADERS', () => {
    const summary = summarise({
      target: 't',
      exchanges: everyEndpoint('VALID_HEADERS'),
      feedback: [good[0]!, feedback('BATCH_PROCESS_DIRECT', ['INVALID_HEADERS'])],
      scenarios: [passed],
    });
    expect(summary.feedback.BATCH_PROCESS_DIRECT).toMatchObject({ codes: { INVALID_HEADERS: 1 }, errors: 1 });
    expect(summary.exitCode).toBe(1);
  });

  it('reports feedback HMRC refused, a failed journey and a missing endpoint as failures (exit 1)', () => {
    const refused: FeedbackResult = {
      connectionMethod: 'BATCH_PROCESS_DIRECT',
      ok: false,
      status: 400,
      problem: 'HTTP 400 INVALID_REQUEST: connectionMethod must be WEB_APP_VIA_SERVER',
      body: { code: 'INVALID_REQUEST' },
      exchanges: [],
    };
    const summary = summarise({
      target: 't',
      exchanges: everyEndpoint('VALID_HEADERS').filter(
        (one) => one.endpoint !== 'GET /organisations/vat/{vrn}/penalties',
      ),
      feedback: [good[0]!, refused],
      scenarios: [passed, { ...passed, id: 'b', title: 'Agent', passed: false, error: 'cancel answered 500' }],
    });
    expect(summary.invalid).toBe(0);
    expect(summary.feedback.BATCH_PROCESS_DIRECT).toMatchObject({ ok: false, status: 400 });
    expect(summary.endpoints.missing).toEqual(['GET /organisations/vat/{vrn}/penalties']);
    expect(summary.scenarios).toEqual({ passed: ['a'], failed: ['b'] });
    expect(summary.failures).toEqual([
      expect.stringContaining('BATCH_PROCESS_DIRECT could not be read: HTTP 400 INVALID_REQUEST'),
      'Scenario b (Agent) failed: cancel answered 500',
      'Endpoints not exercised: GET /organisations/vat/{vrn}/penalties',
    ]);
    expect(summary.exitCode).toBe(1);
  });

  it('renders the Markdown with the summary, the scenarios and each request', () => {
    const exchanges = everyEndpoint('VALID_HEADERS');
    const summary = summarise({ target: 't', exchanges, feedback: good, scenarios: [passed] });
    const markdown = renderMarkdown({
      generatedAt: '2026-04-30T08:05:00.000Z',
      command: 'npm run hmrc:evidence',
      target: {
        kind: 'simulator',
        hmrcBaseUrl: 'http://127.0.0.1:1',
        hmrcAuthUrl: 'http://127.0.0.1:1',
        clientId: 'app',
      },
      vatWise: {
        publicUrl: 'https://198.51.100.10',
        vendorPublicIp: '198.51.100.10',
        clientPublicIps: ['203.0.113.7'],
      },
      durationMs: 1000,
      summary,
      scenarios: [passed],
      endpoints: [{ endpoint: exchanges[3]!.endpoint, requests: [exchanges[3]!] }],
      feedback: good,
    });
    expect(markdown).toContain(`| Endpoints | ${expectedEndpoints.length} of ${expectedEndpoints.length} |`);
    expect(markdown).toContain('| WEB_APP_VIA_SERVER | 12 | VALID_HEADERS 12 | 0 | 0 | VALID_HEADERS 1 | 0 | 0 |');
    expect(markdown).toContain('### a. A: passed');
    expect(markdown).toContain('#### #4 GET /organisations/vat/{vrn}/obligations → 200');
  });
});
