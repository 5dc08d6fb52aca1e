/**
 * The report of `npm run hmrc:evidence` (run.ts): its shape, written as report.json, and the Markdown
 * rendering of it. The pure parts are split by subject beside it: model.ts (what is captured),
 * redaction.ts, endpoints.ts and summary.ts (the summary and exit decision). No I/O here, so
 * report.test.ts checks them as they are.
 */
import { expectedEndpoints, grantTypeOf } from './endpoints';
import type { CheckedExchange, FeedbackResult, HeaderMap, Issue, ScenarioResult } from './model';
import { codeCountsText, feedbackRequests, type Summary } from './summary';

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
      `| ${method} | ${local?.requests ?? 0} | ${local ? codeCountsText(local.verdicts) : '-'} | ${local?.errors ?? '-'} | ${local?.warnings ?? '-'} | ${feedback ? (feedback.ok ? codeCountsText(feedback.codes) : cell(`not read: ${feedback.problem ?? `HTTP ${feedback.status}`}`)) : '-'} | ${feedback?.ok ? feedback.errors : '-'} | ${feedback?.ok ? feedback.warnings : '-'} |`,
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
