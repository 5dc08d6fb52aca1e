import { analyseFraudHeaders, type HeaderAnalysis, type IncomingHeaders } from './analyse';
import { type Finding } from './findings';
import { type ConnectionMethod } from './methods';
import { validationResult } from './validate';

/**
 * HMRC's `GET /test/fraud-prevention-headers/{api}/validation-feedback` (docs/reference/hmrc-vat-api.md §5.3):
 * feedback on the latest sandbox request an application made to each endpoint of an API, header
 * by header, with the cross-checks; with a connection method, on the latest request to each
 * endpoint made with that method. Kept in memory; nothing here survives a restart, as the
 * simulator's other state may not either.
 */

export type FeedbackApi = 'vat-mtd';

/** An error or warning of the feedback: its message alone, as HMRC's definition has them (strings). */
export type FeedbackIssue = string;

export type HeaderFeedbackCode =
  | 'VALID_HEADER'
  | 'INVALID_HEADER'
  | 'POTENTIALLY_INVALID_HEADER'
  | 'MISSING_HEADER'
  | 'UNEXPECTED_HEADER'
  | 'TEST_SCENARIO_HEADER';

export interface HeaderFeedback {
  /** Lower case, as in the validate answer. */
  header: string;
  value?: string;
  code: HeaderFeedbackCode;
  errors: FeedbackIssue[];
  warnings: FeedbackIssue[];
}

export interface CrossValidationFeedback {
  headers: string[];
  code: 'VALID_HEADERS' | 'INVALID_HEADERS';
  errors: FeedbackIssue[];
}

export interface RequestFeedback {
  path: string;
  method: string;
  /** UTC, ISO 8601 with milliseconds. */
  requestTimestamp: string;
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS' | 'NO_HEADERS';
  headers: HeaderFeedback[];
  crossValidation: CrossValidationFeedback[];
}

export interface ValidationFeedback {
  requests: RequestFeedback[];
}

export interface RecordedRequest {
  method: string;
  /** The request path as sent, e.g. /organisations/vat/123456789/obligations; a query string is dropped. */
  path: string;
}

export interface FraudHeaderLog {
  /**
   * Validates a VAT API request's headers and keeps the result as its endpoint's latest for the
   * connection method the request declared.
   */
  record(clientId: string, api: FeedbackApi, headers: IncomingHeaders, request: RecordedRequest): RequestFeedback;
  /**
   * The feedback body for one application (by OAuth client id), newest request first: the latest
   * request to each endpoint, or with `connectionMethod` the latest to each endpoint made with it.
   */
  feedback(clientId: string, api?: FeedbackApi, connectionMethod?: ConnectionMethod): ValidationFeedback;
}

export interface FraudHeaderLogOptions {
  now?: () => Date;
  /**
   * Endpoints remembered per application and API, each once per connection method called with;
   * the least recently called is forgotten first.
   */
  maxEndpoints?: number;
}

/** One endpoint's latest request with one connection method. */
interface LogEntry {
  endpoint: string;
  /** Gov-Client-Connection-Method as the request sent it; undefined when it sent none. */
  connectionMethod: string | undefined;
  feedback: RequestFeedback;
}

const issue = ({ message }: Finding): FeedbackIssue => message;

function headerCode(entry: HeaderAnalysis): HeaderFeedbackCode {
  if (entry.role === 'test-scenario') return 'TEST_SCENARIO_HEADER';
  if (entry.role === 'unexpected' || entry.role === 'tolerated') return 'UNEXPECTED_HEADER';
  if (entry.value === undefined) return 'MISSING_HEADER';
  if (entry.findings.some((finding) => finding.severity === 'error')) return 'INVALID_HEADER';
  return entry.findings.length > 0 ? 'POTENTIALLY_INVALID_HEADER' : 'VALID_HEADER';
}

/**
 * "Each endpoint" (5.3) means each operation, not each VRN or period key: path segments that carry
 * data are folded into the template of docs/reference/hmrc-vat-api.md §3.1 (or, for VAT Assist, of
 * reference/vat-assist/application.yaml).
 */
export function endpointOf(method: string, path: string): string {
  const template = (path.split('?')[0] ?? path)
    .replace(/^\/misc\/transaction-risking\/assist\/[^/]+$/, '/misc/transaction-risking/assist/{vrn}')
    .replace(
      /^\/misc\/transaction-risking\/acknowledge\/[^/]+\/[^/]+\/[^/]+$/,
      '/misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}',
    )
    .replace(/^\/organisations\/vat\/[^/]+/, '/organisations/vat/{vrn}')
    .replace(/\/returns\/[^/]+$/, '/returns/{periodKey}')
    .replace(/\/financial-details\/[^/]+$/, '/financial-details/{penaltyChargeReference}');
  return `${method.toUpperCase()} ${template}`;
}

export function createFraudHeaderLog(options: FraudHeaderLogOptions = {}): FraudHeaderLog {
  const now = options.now ?? (() => new Date());
  const maxEndpoints = options.maxEndpoints ?? 50;
  // client id -> api -> endpoint and connection method -> latest request; Map order is least
  // recently called first. Kept per method so that a background call does not hide the latest
  // browser call to the same endpoint, or the other way round.
  const store = new Map<string, Map<FeedbackApi, Map<string, LogEntry>>>();

  return {
    record(clientId, api, headers, request) {
      const analysis = analyseFraudHeaders(headers);
      const result = validationResult(analysis);
      const entry: RequestFeedback = {
        path: request.path.split('?')[0] ?? request.path,
        method: request.method.toUpperCase(),
        requestTimestamp: now().toISOString(),
        code: analysis.submitted ? result.code : 'NO_HEADERS',
        headers: analysis.headers.map((header) => ({
          header: header.header,
          ...(header.value === undefined ? {} : { value: header.value }),
          code: headerCode(header),
          errors: header.findings.filter((f) => f.severity === 'error').map(issue),
          warnings: header.findings.filter((f) => f.severity === 'warning').map(issue),
        })),
        crossValidation: analysis.crossChecks.map((check) => ({
          headers: [...check.headers],
          code: check.findings.length > 0 ? 'INVALID_HEADERS' : 'VALID_HEADERS',
          errors: check.findings.map(issue),
        })),
      };

      const apis = store.get(clientId) ?? new Map<FeedbackApi, Map<string, LogEntry>>();
      store.set(clientId, apis);
      const endpoints = apis.get(api) ?? new Map<string, LogEntry>();
      apis.set(api, endpoints);
      const endpoint = endpointOf(request.method, request.path);
      const connectionMethod = analysis.declaredConnectionMethod;
      const key = `${endpoint} ${connectionMethod ?? ''}`;
      endpoints.delete(key);
      endpoints.set(key, { endpoint, connectionMethod, feedback: entry });
      while (endpoints.size > maxEndpoints) {
        const oldest = endpoints.keys().next().value;
        if (oldest === undefined) break;
        endpoints.delete(oldest);
      }
      return structuredClone(entry);
    },

    feedback(clientId, api = 'vat-mtd', connectionMethod) {
      const newestFirst = [...(store.get(clientId)?.get(api)?.values() ?? [])].reverse();
      const seen = new Set<string>();
      const latest = newestFirst.filter((entry) => {
        if (connectionMethod !== undefined) return entry.connectionMethod === connectionMethod;
        // No method asked for: each endpoint's latest request, whatever method it was made with.
        if (seen.has(entry.endpoint)) return false;
        seen.add(entry.endpoint);
        return true;
      });
      return { requests: structuredClone(latest.map((entry) => entry.feedback)) };
    },
  };
}
