import { type Finding, invalid, isPlaceholder } from './findings';
import { canonicalIp, isPrintableAscii } from './formats';
import { type HeaderRule, headerRules, type Parsed } from './header-rules';
import { messages } from './messages';
import { fallbackMethod, isConnectionMethod, type MethodProfile, profiles } from './methods';

/**
 * Every fraud prevention header of a request checked against its connection method, then the
 * checks across headers; the validator's answer and the feedback log both read this analysis.
 */

export type IncomingHeaders = Record<string, string | string[] | undefined>;

export type HeaderRole = 'required' | 'tolerated' | 'unexpected' | 'test-scenario';

export interface HeaderAnalysis {
  /** Lower case. */
  header: string;
  role: HeaderRole;
  /** As received (several values joined with commas); absent when the header was not sent. */
  value?: string;
  findings: Finding[];
}

export interface CrossCheckAnalysis {
  headers: string[];
  findings: Finding[];
}

export interface FraudHeaderAnalysis {
  /** False when no Gov-Client-* or Gov-Vendor-* header was sent at all. */
  submitted: boolean;
  /** Gov-Client-Connection-Method as sent; absent when it was not. */
  declaredConnectionMethod?: string;
  headers: HeaderAnalysis[];
  crossChecks: CrossCheckAnalysis[];
}

const isFraudHeaderName = (name: string) => name.startsWith('gov-client-') || name.startsWith('gov-vendor-');

/** Lower-cased names; repeated headers joined with commas, as HTTP allows for list values. */
function normalise(headers: IncomingHeaders): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
    const key = name.toLowerCase();
    const earlier = byName.get(key);
    byName.set(key, earlier === undefined ? value : `${earlier},${value}`);
  }
  return byName;
}

function analyseValue(rule: HeaderRule, value: string | undefined, parsed: Parsed, profile: MethodProfile): Finding[] {
  if (value === undefined) return [rule.whenMissing];
  if (value === '') return [rule.whenEmpty];
  if (!isPrintableAscii(value)) return [invalid(messages.notAscii)];
  if (isPlaceholder(value)) return [invalid(messages.placeholder)];
  return rule.check(value, parsed, profile);
}

/**
 * Every header's findings and the cross-checks, against the headers of the request's connection
 * method; the feedback log reports these per header.
 */
export function analyseFraudHeaders(headers: IncomingHeaders): FraudHeaderAnalysis {
  const received = normalise(headers);
  const declared = received.get('gov-client-connection-method');
  const profile = profiles[isConnectionMethod(declared) ? declared : fallbackMethod];
  const parsed: Parsed = {};
  const analysed: HeaderAnalysis[] = profile.required.map((header) => {
    const value = received.get(header);
    const findings = analyseValue(headerRules[header], value, parsed, profile);
    return value === undefined ? { header, role: 'required', findings } : { header, role: 'required', value, findings };
  });

  for (const [header, value] of received) {
    if ((profile.required as readonly string[]).includes(header)) continue;
    if (profile.tolerated.includes(header)) {
      analysed.push({ header, role: 'tolerated', value, findings: [] });
    } else if (isFraudHeaderName(header)) {
      analysed.push({
        header,
        role: 'unexpected',
        value,
        findings: [{ severity: 'warning', code: 'UNEXPECTED_HEADER', message: messages.unexpected(profile.method) }],
      });
    } else if (header === 'gov-test-scenario') {
      analysed.push({ header, role: 'test-scenario', value, findings: [] });
    }
  }

  return {
    submitted: [...received.keys()].some(isFraudHeaderName),
    ...(declared === undefined ? {} : { declaredConnectionMethod: declared }),
    headers: analysed,
    crossChecks: crossChecks(analysed, parsed),
  };
}

const FORWARDED_CHECK = ['gov-client-public-ip', 'gov-vendor-forwarded', 'gov-vendor-public-ip'];

/**
 * 5.2/5.3: a hop of Gov-Vendor-Forwarded must pair `for` = Gov-Client-Public-IP with `by` =
 * Gov-Vendor-Public-IP. Run only when all three headers are required by the method and
 * individually sound, so one mistake is reported once, on the header that has it.
 */
function crossChecks(analysed: HeaderAnalysis[], parsed: Parsed): CrossCheckAnalysis[] {
  const sound = FORWARDED_CHECK.every((name) =>
    analysed.some(
      (entry) =>
        entry.header === name && entry.role === 'required' && entry.findings.every((f) => f.severity !== 'error'),
    ),
  );
  const { clientIp, vendorIp, hops } = parsed;
  if (!sound || !clientIp || !vendorIp || !hops) return [];
  const client = canonicalIp(clientIp);
  const vendor = canonicalIp(vendorIp);
  const paired = hops.some((hop) => canonicalIp(hop.for) === client && canonicalIp(hop.by) === vendor);
  return [
    {
      headers: FORWARDED_CHECK,
      findings: paired ? [] : [{ severity: 'error', code: 'INVALID_HEADERS', message: messages.forwardedCrossCheck }],
    },
  ];
}
