/**
 * The pure half of `npm run hmrc:evidence` (run.ts): what a captured HMRC exchange is, how its
 * secrets are redacted, how exchanges fold into HMRC's endpoints, the summary, the exit decision
 * and the Markdown report. No I/O here, so report.test.ts checks it as it is.
 */

export const redacted = '[redacted]';

/** Header names as they were sent (lower case from Node's fetch), repeated values joined with ", ". */
export type HeaderMap = Record<string, string>;

/** One request VAT Wise sent HMRC and HMRC's answer, as the recording proxy saw them on the wire. */
export interface Exchange {
  /** 1, 2, … in the order the requests arrived. */
  id: number;
  /** The journey running when the request arrived (background calls included). */
  scenario: string;
  startedAt: string;
  /** From the first byte of the request to the last byte of the answer, through the proxy. */
  durationMs: number;
  method: string;
  /** Path and query as sent, below HMRC's base URL. */
  url: string;
  requestHeaders: HeaderMap;
  requestBody: string;
  /** 0 when HMRC could not be reached (then `error` says why). */
  status: number;
  responseHeaders: HeaderMap;
  responseBody: string;
  error?: string;
}

/** A finding of HMRC's validator (the Test Fraud Prevention Headers API's `validate` shape). */
export interface Issue {
  code: string;
  message: string;
  headers: string[];
}

/** `validateFraudHeaders` of one captured request: the verdict HMRC's validate endpoint would give. */
export interface Verdict {
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS' | string;
  message: string;
  errors?: Issue[];
  warnings?: Issue[];
}

export interface CheckedExchange extends Exchange {
  endpoint: string;
  /** Gov-Client-Connection-Method as sent; `none` when absent. */
  connectionMethod: string;
  /** Only for the calls that must carry fraud prevention headers (VAT and Agent Authorisation). */
  verdict?: Verdict;
}

/** HMRC's validation feedback for one connection method (GET …/validation-feedback?connectionMethod=). */
export interface FeedbackResult {
  connectionMethod: string;
  /** The feedback was read (HTTP 200 with a `requests` list). */
  ok: boolean;
  status: number;
  /** Why it was not read, when it was not. */
  problem?: string;
  /** HMRC's answer as it came. */
  body?: unknown;
  /** The client-credentials token request and the feedback request, redacted. */
  exchanges: Exchange[];
}

export interface FeedbackRequest {
  method: string;
  path: string;
  requestTimestamp?: string;
  code: string;
  headers?: { header: string; value?: string; code: string; errors?: string[]; warnings?: string[] }[];
  crossValidation?: { headers: string[]; code: string; errors?: string[] }[];
}

export interface Step {
  /** What the person did, in words. */
  action: string;
  /** The VAT Wise API request the browser made (`POST /api/exchange_code`), or a page on HMRC's site. */
  request: string;
  status: number;
  /** Ids of the HMRC exchanges that arrived while the step ran. */
  hmrc: number[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  description: string;
  passed: boolean;
  error?: string;
  steps: Step[];
}

// ---------------------------------------------------------------------------------------------
// Redaction
// ---------------------------------------------------------------------------------------------

/** Headers whose whole value is a credential. Fraud prevention headers are kept: they are the evidence. */
const secretHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * Field names whose value is a secret, in JSON bodies, forms and query strings. `code` is one only
 * in forms and queries (OAuth's authorisation code); in JSON it is HMRC's error code, which is evidence.
 */
const secretFields = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code_verifier',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'totpURI',
  'token',
];
const secretFormFields = [...secretFields, 'code'];
const secretArrayFields = ['backupCodes'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const jsonString = new RegExp(`"(${secretFields.map(escape).join('|')})"(\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
const jsonArray = new RegExp(`"(${secretArrayFields.map(escape).join('|')})"(\\s*:\\s*)\\[[^\\]]*\\]`, 'gi');
const formField = new RegExp(`(^|[&?])(${secretFormFields.map(escape).join('|')})=([^&#]*)`, 'gi');

/** A JSON text with every secret field's value replaced; everything else byte for byte as it was. */
export function redactJsonText(text: string): string {
  return text.replace(jsonString, `"$1"$2"${redacted}"`).replace(jsonArray, `"$1"$2["${redacted}"]`);
}

/** A form body or query string (`a=1&code=…`) with every secret field's value replaced. */
export function redactForm(text: string): string {
  return text.replace(formField, (_match, lead: string, name: string) => `${lead}${name}=${redacted}`);
}

export function redactHeaders(headers: HeaderMap): HeaderMap {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secretHeaders.has(name.toLowerCase()) ? redacted : value]),
  );
}

/** Replaces each known secret value wherever it appears (tokens copied into a message, a password echoed). */
export function scrubValues(text: string, secrets: Iterable<string>): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...new Set(secrets)].filter((value) => value.length >= 8).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(redacted);
  }
  return out;
}

const isForm = (headers: HeaderMap) =>
  Object.entries(headers).some(
    ([name, value]) =>
      name.toLowerCase() === 'content-type' && value.toLowerCase().includes('application/x-www-form-urlencoded'),
  );

function redactBody(body: string, headers: HeaderMap): string {
  return isForm(headers) ? redactForm(body) : redactJsonText(body);
}

/** The secret values an exchange carries: to scrub them from anywhere else they turn up. */
export function secretsIn(exchange: Exchange): string[] {
  const found: string[] = [];
  for (const headers of [exchange.requestHeaders, exchange.responseHeaders]) {
    for (const [name, value] of Object.entries(headers)) {
      if (!secretHeaders.has(name.toLowerCase())) continue;
      found.push(value, ...value.split(/[\s,;=]+/).filter((part) => part.length >= 8));
    }
  }
  const formValues = (text: string) =>
    [...text.matchAll(formField)].map((match) => decodeURIComponentSafe(match[3] ?? ''));
  const jsonValues = (text: string) => [...text.matchAll(jsonString)].map((match) => match[3] ?? '');
  for (const text of [exchange.url.split('?')[1] ?? '', exchange.requestBody]) found.push(...formValues(text));
  for (const text of [exchange.requestBody, exchange.responseBody]) found.push(...jsonValues(text));
  return found.filter((value) => value.length >= 8 && value !== redacted);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The exchange as the report shows it: credentials out, fraud prevention headers and everything else in. */
export function redactExchange<T extends Exchange>(exchange: T, secrets: Iterable<string> = []): T {
  const known = [...secrets];
  const scrub = (text: string) => scrubValues(text, known);
  const scrubHeaders = (headers: HeaderMap) =>
    Object.fromEntries(Object.entries(redactHeaders(headers)).map(([name, value]) => [name, scrub(value)]));
  const [path = '', query] = exchange.url.split('?');
  return {
    ...exchange,
    url: scrub(query === undefined ? path : `${path}?${redactForm(query)}`),
    requestHeaders: scrubHeaders(exchange.requestHeaders),
    requestBody: scrub(redactBody(exchange.requestBody, exchange.requestHeaders)),
    responseHeaders: scrubHeaders(exchange.responseHeaders),
    responseBody: scrub(redactBody(exchange.responseBody, exchange.responseHeaders)),
    ...(exchange.error === undefined ? {} : { error: scrub(exchange.error) }),
  };
}

/** Any value in a JSON-shaped tree, strings scrubbed of the known secrets (for HMRC's feedback body). */
export function scrubTree(value: unknown, secrets: Iterable<string>): unknown {
  const known = [...secrets];
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubValues(node, known);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [
          key,
          secretFields.some((field) => field.toLowerCase() === key.toLowerCase()) ? redacted : walk(child),
        ]),
      );
    }
    return node;
  };
  return walk(value);
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

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
    .replace(/^(\/agents\/\{arn\}\/invitations)\/[^/]+$/, '$1/{invitationId}');
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
] as const;

/** The calls HMRC requires fraud prevention headers on: the VAT (MTD) and Agent Authorisation APIs. */
export const needsFraudHeaders = (url: string) => /^\/(organisations\/vat|agents)\//.test(url);

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

// ---------------------------------------------------------------------------------------------
// Summary and exit decision
// ---------------------------------------------------------------------------------------------

export interface MethodSummary {
  /** Captured requests sent with this Gov-Client-Connection-Method. */
  requests: number;
  /** validateFraudHeaders of each: how many of each code. */
  verdicts: Record<string, number>;
  errors: number;
  warnings: number;
}

export interface FeedbackSummary {
  ok: boolean;
  status: number;
  problem?: string;
  /** HMRC's feedback per endpoint: how many of each code. */
  codes: Record<string, number>;
  errors: number;
  warnings: number;
}

export interface Summary {
  target: string;
  endpoints: { exercised: number; expected: number; missing: string[] };
  requests: { total: number; fraudChecked: number; httpErrors: number };
  byConnectionMethod: Record<string, MethodSummary>;
  feedback: Record<string, FeedbackSummary>;
  scenarios: { passed: string[]; failed: string[] };
  /** Requests (captured, or in HMRC's feedback) whose fraud prevention headers are INVALID_HEADERS. */
  invalid: number;
  /** What keeps the evidence from being complete, besides invalid headers. */
  failures: string[];
  exitCode: 0 | 1;
}

const count = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1;
};

export function feedbackRequests(result: FeedbackResult): FeedbackRequest[] {
  const body = result.body as { requests?: FeedbackRequest[] } | undefined;
  return Array.isArray(body?.requests) ? body.requests : [];
}

function feedbackSummary(result: FeedbackResult): FeedbackSummary {
  const codes: Record<string, number> = {};
  let errors = 0;
  let warnings = 0;
  for (const request of feedbackRequests(result)) {
    count(codes, request.code);
    for (const header of request.headers ?? []) {
      errors += header.errors?.length ?? 0;
      warnings += header.warnings?.length ?? 0;
    }
    for (const check of request.crossValidation ?? []) errors += check.errors?.length ?? 0;
  }
  return {
    ok: result.ok,
    status: result.status,
    ...(result.problem === undefined ? {} : { problem: result.problem }),
    codes,
    errors,
    warnings,
  };
}

/**
 * The summary, and the exit code: 1 when any request's fraud prevention headers are invalid
 * (errors), captured or in HMRC's feedback, or the evidence is incomplete (a journey failed, an
 * endpoint was not reached, the feedback could not be read); 0 otherwise, warnings included.
 */
export function summarise(input: {
  target: string;
  exchanges: CheckedExchange[];
  feedback: FeedbackResult[];
  scenarios: ScenarioResult[];
}): Summary {
  const { exchanges, feedback, scenarios } = input;
  const exercised = new Set(exchanges.map((exchange) => exchange.endpoint));
  const missing = expectedEndpoints.filter((endpoint) => !exercised.has(endpoint));

  const byConnectionMethod: Record<string, MethodSummary> = {};
  let invalid = 0;
  for (const exchange of exchanges) {
    if (!exchange.verdict) continue;
    const entry = (byConnectionMethod[exchange.connectionMethod] ??= {
      requests: 0,
      verdicts: {},
      errors: 0,
      warnings: 0,
    });
    entry.requests += 1;
    count(entry.verdicts, exchange.verdict.code);
    entry.errors += exchange.verdict.errors?.length ?? 0;
    entry.warnings += exchange.verdict.warnings?.length ?? 0;
    if (exchange.verdict.code === 'INVALID_HEADERS') invalid += 1;
  }

  const feedbackByMethod: Record<string, FeedbackSummary> = {};
  const failures: string[] = [];
  for (const result of feedback) {
    const summary = feedbackSummary(result);
    feedbackByMethod[result.connectionMethod] = summary;
    invalid += summary.codes.INVALID_HEADERS ?? 0;
    if (!result.ok) {
      failures.push(
        `HMRC's validation feedback for ${result.connectionMethod} could not be read: ${result.problem ?? `HTTP ${result.status}`}`,
      );
    }
  }
  for (const scenario of scenarios) {
    if (!scenario.passed) failures.push(`Scenario ${scenario.id} (${scenario.title}) failed: ${scenario.error ?? ''}`);
  }
  if (missing.length > 0) failures.push(`Endpoints not exercised: ${missing.join(', ')}`);

  return {
    target: input.target,
    endpoints: { exercised: exercised.size, expected: expectedEndpoints.length, missing },
    requests: {
      total: exchanges.length,
      fraudChecked: exchanges.filter((exchange) => exchange.verdict).length,
      httpErrors: exchanges.filter((exchange) => exchange.status === 0 || exchange.status >= 400).length,
    },
    byConnectionMethod,
    feedback: feedbackByMethod,
    scenarios: {
      passed: scenarios.filter((scenario) => scenario.passed).map((scenario) => scenario.id),
      failed: scenarios.filter((scenario) => !scenario.passed).map((scenario) => scenario.id),
    },
    invalid,
    failures,
    exitCode: exitCodeFor({ invalid, failures }),
  };
}

export function exitCodeFor({ invalid, failures }: { invalid: number; failures: string[] }): 0 | 1 {
  return invalid > 0 || failures.length > 0 ? 1 : 0;
}

const codes = (map: Record<string, number>) =>
  Object.entries(map)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ') || 'none';

/** The summary as printed to stdout. */
export function summaryText(summary: Summary): string {
  const lines = [
    `HMRC evidence against ${summary.target}`,
    `  endpoints: ${summary.endpoints.exercised} of ${summary.endpoints.expected} exercised${summary.endpoints.missing.length > 0 ? ` (missing: ${summary.endpoints.missing.join(', ')})` : ''}`,
    `  requests:  ${summary.requests.total} to HMRC, ${summary.requests.fraudChecked} needing fraud prevention headers, ${summary.requests.httpErrors} answered 4xx/5xx or unanswered`,
    `  scenarios: ${summary.scenarios.passed.length} passed${summary.scenarios.failed.length > 0 ? `, failed: ${summary.scenarios.failed.join(', ')}` : ''}`,
    '  fraud prevention headers, per connection method:',
  ];
  const methods = new Set([...Object.keys(summary.byConnectionMethod), ...Object.keys(summary.feedback)]);
  for (const method of methods) {
    const local = summary.byConnectionMethod[method];
    const feedback = summary.feedback[method];
    lines.push(`    ${method}:`);
    if (local) {
      lines.push(
        `      captured requests (validateFraudHeaders): ${local.requests}; ${codes(local.verdicts)}; ${local.errors} errors, ${local.warnings} warnings`,
      );
    }
    if (feedback) {
      lines.push(
        feedback.ok
          ? `      HMRC validation feedback: ${codes(feedback.codes)}; ${feedback.errors} errors, ${feedback.warnings} warnings`
          : `      HMRC validation feedback: not read (${feedback.problem ?? `HTTP ${feedback.status}`})`,
      );
    }
  }
  for (const failure of summary.failures) lines.push(`  FAILURE: ${failure}`);
  lines.push(
    summary.exitCode === 0
      ? '  result: no invalid fraud prevention headers (exit 0)'
      : `  result: ${summary.invalid} request(s) with INVALID_HEADERS${summary.failures.length > 0 ? `, ${summary.failures.length} failure(s)` : ''} (exit 1)`,
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

export interface Report {
  generatedAt: string;
  command: string;
  target: { kind: 'simulator' | 'hmrc-sandbox'; hmrcBaseUrl: string; hmrcAuthUrl: string; clientId: string };
  vatWise: { publicUrl: string; vendorPublicIp: string; clientPublicIps: string[] };
  durationMs: number;
  summary: Summary;
  scenarios: ScenarioResult[];
  endpoints: { endpoint: string; requests: CheckedExchange[] }[];
  feedback: FeedbackResult[];
}

/** Exchanges grouped by endpoint, in the order of `expectedEndpoints` then any other. */
export function byEndpoint(exchanges: CheckedExchange[]): Report['endpoints'] {
  const groups = new Map<string, CheckedExchange[]>();
  for (const endpoint of expectedEndpoints) groups.set(endpoint, []);
  for (const exchange of exchanges) {
    const list = groups.get(exchange.endpoint) ?? [];
    list.push(exchange);
    groups.set(exchange.endpoint, list);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([endpoint, requests]) => ({ endpoint, requests }));
}

const fence = (text: string, language = '') => {
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${language}\n${text}\n${ticks}`;
};

const prettyBody = (body: string) => {
  if (body === '') return '(empty)';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

const headerBlock = (headers: HeaderMap) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n') || '(none)';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const issueLines = (label: string, issues: Issue[] | undefined) =>
  (issues ?? []).map((issue) => `- ${label} ${issue.code} (${issue.headers.join(', ')}): ${issue.message}`);

/** Bodies longer than this are cut in the Markdown (report.json keeps them whole). */
const markdownBodyLimit = 6_000;
const cut = (text: string) =>
  text.length > markdownBodyLimit
    ? `${text.slice(0, markdownBodyLimit)}\n… (${text.length - markdownBodyLimit} more characters in report.json)`
    : text;

export function renderMarkdown(report: Report): string {
  const { summary } = report;
  const out: string[] = [];
  out.push('# VAT Wise: HMRC sandbox evidence', '');
  out.push(
    `Generated ${report.generatedAt} by \`${report.command}\` in ${(report.durationMs / 1000).toFixed(1)} s, against ${report.target.kind === 'simulator' ? 'the HMRC simulator' : "HMRC's sandbox"} (${report.target.hmrcBaseUrl}), application \`${report.target.clientId}\`.`,
    `VAT Wise ran at ${report.vatWise.publicUrl} (vendor public IP ${report.vatWise.vendorPublicIp}) behind one trusted proxy; the browsers came from ${report.vatWise.clientPublicIps.join(', ')}.`,
    "Every request VAT Wise sent HMRC was captured on the wire by a recording proxy, headers as VAT Wise sent them (so `host` is the proxy's; it forwards them to HMRC with HMRC's host). Secrets (Authorization, client_secret, tokens, authorisation codes, code_verifier, passwords, cookies) are shown as `[redacted]`; fraud prevention headers are kept.",
    '',
  );

  out.push('## Summary', '');
  out.push('| | |', '|---|---|');
  out.push(
    `| Endpoints | ${summary.endpoints.exercised} of ${summary.endpoints.expected}${summary.endpoints.missing.length > 0 ? ` (missing: ${summary.endpoints.missing.join(', ')})` : ''} |`,
  );
  out.push(`| Requests to HMRC | ${summary.requests.total} |`);
  out.push(`| Requests needing fraud prevention headers | ${summary.requests.fraudChecked} |`);
  out.push(`| Answered 4xx/5xx or unanswered | ${summary.requests.httpErrors} |`);
  out.push(
    `| Scenarios | ${summary.scenarios.passed.length} passed${summary.scenarios.failed.length > 0 ? `, failed: ${summary.scenarios.failed.join(', ')}` : ''} |`,
  );
  out.push(
    `| Result | ${summary.exitCode === 0 ? 'no invalid fraud prevention headers' : 'INVALID or incomplete'} (exit ${summary.exitCode}) |`,
    '',
  );

  out.push('### Fraud prevention headers per connection method', '');
  out.push(
    '| Connection method | Captured requests | validateFraudHeaders codes | Errors | Warnings | HMRC feedback codes | Feedback errors | Feedback warnings |',
    '|---|---|---|---|---|---|---|---|',
  );
  const methods = new Set([...Object.keys(summary.byConnectionMethod), ...Object.keys(summary.feedback)]);
  for (const method of methods) {
    const local = summary.byConnectionMethod[method];
    const feedback = summary.feedback[method];
    out.push(
      `| ${method} | ${local?.requests ?? 0} | ${local ? codes(local.verdicts) : '-'} | ${local?.errors ?? '-'} | ${local?.warnings ?? '-'} | ${feedback ? (feedback.ok ? codes(feedback.codes) : cell(`not read: ${feedback.problem ?? `HTTP ${feedback.status}`}`)) : '-'} | ${feedback?.ok ? feedback.errors : '-'} | ${feedback?.ok ? feedback.warnings : '-'} |`,
    );
  }
  out.push('');
  if (summary.failures.length > 0) {
    out.push('### Failures', '', ...summary.failures.map((failure) => `- ${failure}`), '');
  }

  out.push('## Scenarios', '');
  for (const scenario of report.scenarios) {
    out.push(
      `### ${scenario.id}. ${scenario.title}: ${scenario.passed ? 'passed' : 'FAILED'}`,
      '',
      scenario.description,
      '',
    );
    if (scenario.error) out.push(`Failed: ${scenario.error}`, '');
    out.push('| Step | Request | Status | HMRC requests |', '|---|---|---|---|');
    for (const step of scenario.steps) {
      out.push(
        `| ${cell(step.action)} | \`${cell(step.request)}\` | ${step.status} | ${step.hmrc.map((id) => `[#${id}](#request-${id})`).join(' ') || '-'} |`,
      );
    }
    out.push('');
  }

  out.push('## Endpoints', '');
  out.push('| Endpoint | Requests | Statuses |', '|---|---|---|');
  for (const group of report.endpoints) {
    out.push(
      `| \`${group.endpoint}\` | ${group.requests.length} | ${[...new Set(group.requests.map((request) => request.status))].join(', ')} |`,
    );
  }
  out.push('');
  for (const group of report.endpoints) {
    out.push(`### ${group.endpoint}`, '');
    for (const exchange of group.requests) {
      const grant = grantTypeOf(exchange);
      out.push(
        `<a id="request-${exchange.id}"></a>`,
        `#### #${exchange.id} ${exchange.method} ${exchange.url} → ${exchange.status || 'no answer'}`,
        '',
        `Scenario ${exchange.scenario}; ${exchange.startedAt}; ${exchange.durationMs} ms; connection method ${exchange.connectionMethod}${grant ? `; grant_type ${grant}` : ''}.`,
        '',
      );
      if (exchange.verdict) {
        out.push(`Fraud prevention headers (validateFraudHeaders): **${exchange.verdict.code}**`);
        out.push(...issueLines('error', exchange.verdict.errors), ...issueLines('warning', exchange.verdict.warnings));
        out.push('');
      }
      out.push('Request headers:', '', fence(headerBlock(exchange.requestHeaders), 'http'), '');
      if (exchange.requestBody !== '') out.push('Request body:', '', fence(cut(prettyBody(exchange.requestBody))), '');
      out.push('Answer headers:', '', fence(headerBlock(exchange.responseHeaders), 'http'), '');
      out.push('Answer body:', '', fence(cut(prettyBody(exchange.responseBody))), '');
      if (exchange.error) out.push(`Error: ${exchange.error}`, '');
    }
  }

  out.push("## HMRC's validation feedback", '');
  out.push(
    'From the Test Fraud Prevention Headers API, `GET /test/fraud-prevention-headers/vat-mtd/validation-feedback?connectionMethod=…`, with an application (client-credentials) token, after the journeys: HMRC keeps the latest request to each VAT endpoint.',
    '',
  );
  for (const result of report.feedback) {
    out.push(
      `### ${result.connectionMethod}: ${result.ok ? 'read' : `NOT READ (${result.problem ?? `HTTP ${result.status}`})`}`,
      '',
    );
    const requests = feedbackRequests(result);
    if (result.ok) {
      out.push('| Request | Code | Errors and warnings |', '|---|---|---|');
      for (const request of requests) {
        const notes = [
          ...(request.headers ?? []).flatMap((header) => [
            ...(header.errors ?? []).map((message) => `error ${header.header} ${header.code}: ${message}`),
            ...(header.warnings ?? []).map((message) => `warning ${header.header} ${header.code}: ${message}`),
          ]),
          ...(request.crossValidation ?? []).flatMap((check) =>
            (check.errors ?? []).map((message) => `error ${check.headers.join('+')} ${check.code}: ${message}`),
          ),
        ];
        out.push(
          `| \`${request.method} ${request.path}\` | ${request.code} | ${notes.map(cell).join('<br>') || 'none'} |`,
        );
      }
      out.push('');
    }
    for (const exchange of result.exchanges) {
      out.push(
        `#### ${exchange.method} ${exchange.url} → ${exchange.status || 'no answer'}`,
        '',
        'Request headers:',
        '',
        fence(headerBlock(exchange.requestHeaders), 'http'),
        '',
      );
      if (exchange.requestBody !== '') out.push('Request body:', '', fence(exchange.requestBody), '');
      out.push('Answer body:', '', fence(cut(prettyBody(exchange.responseBody))), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
