import { expectedEndpoints } from './endpoints';
import type { CheckedExchange, FeedbackRequest, FeedbackResult, ScenarioResult } from './model';

/** The evidence's summary, the exit decision and the summary's text for the terminal. */

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

/** "CODE n, CODE n", or "none". */
export const codeCountsText = (map: Record<string, number>) =>
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
        `      captured requests (validateFraudHeaders): ${local.requests}; ${codeCountsText(local.verdicts)}; ${local.errors} errors, ${local.warnings} warnings`,
      );
    }
    if (feedback) {
      lines.push(
        feedback.ok
          ? `      HMRC validation feedback: ${codeCountsText(feedback.codes)}; ${feedback.errors} errors, ${feedback.warnings} warnings`
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
