import { isIsoDate } from '@vatwise/domain';
import type { SandboxAnswer } from '../http/errors';
import { agentError } from './errors';

/**
 * The request bodies of create invitation and check relationship, checked in the order HMRC's
 * service checks them: the service, the agent type, the client type (create only), the client
 * identifier, then the known fact's format. Whether the client exists is the service's business.
 */
export type AgentService = 'MTD-VAT' | 'MTD-IT';
export type AgentType = 'main' | 'supporting';

export interface ClientAccessData {
  service: AgentService;
  clientId: string;
  knownFact: string;
  /** MTD-IT only (HMRC: "Only MTD-IT supports this field"); main when omitted. */
  agentType?: AgentType;
}

const services: readonly AgentService[] = ['MTD-VAT', 'MTD-IT'];
const clientTypes: Record<AgentService, readonly string[]> = {
  'MTD-VAT': ['personal', 'business'],
  'MTD-IT': ['personal'],
};
const clientIdTypes: Record<AgentService, string> = { 'MTD-VAT': 'vrn', 'MTD-IT': 'ni' };

// HMRC's definition's patterns for a VRN, a NINO and a postcode (ClientIdVAT, ClientIdNINO and
// KnownFactPostcode in reference/agent-authorisation/application.yaml).
const vatClientIdPattern = /^[0-9]{1,9}$/;
export const ninoPattern = /^[ABCEGHJKLMNOPRSTWXYZ][ABCEGHJKLMNPRSTWXYZ]?\d{2}?\d{2}?\d{2}?[A-D]{1}$/;
const postcodePattern = /^[A-Z]{1,2}[0-9][0-9A-Z]?\s?[0-9][A-Z]{2}$|BFPO\s?[0-9]{1,5}$/;

// The format only: a VRN whose check digits fail is one HMRC has no registration for, so the
// service answers 403 CLIENT_REGISTRATION_NOT_FOUND, not a format error.
const idChecks: Record<AgentService, (id: string) => boolean> = {
  'MTD-VAT': (id) => vatClientIdPattern.test(id),
  'MTD-IT': (id) => ninoPattern.test(id),
};

/** An Agent Reference Number as HMRC's path takes it. */
export const arnPattern = /^[A-Z]ARN\d{7}$/;

/** Parses a JSON request body; undefined when it is not a JSON object. */
export function parseJsonObject(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function validateClientAccessData(
  body: Record<string, unknown>,
  { withClientType }: { withClientType: boolean },
): ClientAccessData | SandboxAnswer {
  const { service, clientType, clientIdType, clientId, knownFact, agentType } = body;
  const text = (value: unknown): value is string => typeof value === 'string';
  if (
    !text(service) ||
    !text(clientIdType) ||
    !text(clientId) ||
    !text(knownFact) ||
    (withClientType && !text(clientType)) ||
    (agentType !== undefined && agentType !== null && !text(agentType))
  ) {
    return agentError('BAD_REQUEST');
  }
  if (!services.includes(service as AgentService)) return agentError('SERVICE_NOT_SUPPORTED');
  const known = service as AgentService;
  if (text(agentType) && agentType !== 'main' && agentType !== 'supporting') {
    return agentError('AGENT_TYPE_NOT_SUPPORTED');
  }
  if (withClientType && !clientTypes[known].includes(String(clientType))) {
    return agentError('CLIENT_TYPE_NOT_SUPPORTED');
  }
  if (clientIdType !== clientIdTypes[known]) return agentError('CLIENT_ID_DOES_NOT_MATCH_SERVICE');
  if (!idChecks[known](clientId)) {
    // An identifier of the other service is a mismatch, anything else a bad format.
    const other: AgentService = known === 'MTD-VAT' ? 'MTD-IT' : 'MTD-VAT';
    return agentError(idChecks[other](clientId) ? 'CLIENT_ID_DOES_NOT_MATCH_SERVICE' : 'CLIENT_ID_FORMAT_INVALID');
  }
  if (known === 'MTD-VAT' && !isIsoDate(knownFact)) return agentError('VAT_REG_DATE_FORMAT_INVALID');
  if (known === 'MTD-IT' && !postcodePattern.test(knownFact)) return agentError('POSTCODE_FORMAT_INVALID');
  return {
    service: known,
    clientId,
    knownFact,
    ...(known === 'MTD-IT' ? { agentType: agentType === 'supporting' ? 'supporting' : 'main' } : {}),
  };
}

/** A de-authorise body (2.0): the client's service, type and identifier, with no known fact. */
export interface ClientRelationshipData {
  service: AgentService;
  clientId: string;
  agentType?: AgentType;
}

export function validateDeauthoriseData(body: Record<string, unknown>): ClientRelationshipData | SandboxAnswer {
  const { knownFact: _knownFact, ...rest } = body;
  // The same checks as create's, with a known fact of the right format standing in for the absent one.
  const result = validateClientAccessData(
    { ...rest, knownFact: body.service === 'MTD-IT' ? 'AA1 1AA' : '2000-01-01' },
    { withClientType: true },
  );
  if ('status' in result) return result;
  return {
    service: result.service,
    clientId: result.clientId,
    ...(result.agentType ? { agentType: result.agentType } : {}),
  };
}
