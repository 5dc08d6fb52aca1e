import { flat, type SandboxAnswer } from '../http/errors';

/**
 * The agent authorisation API's errors, with the status and wording of HMRC's definition
 * (reference/hmrc-api-definitions/agent-authorisation: application.yaml and examples/errors).
 * HMRC's service words a few of them slightly differently from its definition; the definition is
 * what software is written against, so it is what the simulator says.
 */
const definitions = {
  ACCEPT_HEADER_MISSING: [406, 'ACCEPT_HEADER_INVALID', "Missing 'Accept' header."],
  ACCEPT_HEADER_INVALID: [406, 'ACCEPT_HEADER_INVALID', "Invalid 'Accept' header"],
  UNSUPPORTED_VERSION: [400, 'BAD_REQUEST', 'Missing or unsupported version number'],
  UNSUPPORTED_CONTENT_TYPE: [400, 'BAD_REQUEST', 'Missing or unsupported content-type.'],
  BAD_REQUEST: [400, 'BAD_REQUEST', 'Bad Request'],
  SERVICE_NOT_SUPPORTED: [
    400,
    'SERVICE_NOT_SUPPORTED',
    'The service requested is not supported. Check the API documentation to find which services are supported.',
  ],
  CLIENT_TYPE_NOT_SUPPORTED: [
    400,
    'CLIENT_TYPE_NOT_SUPPORTED',
    'The client type requested is not supported. Check the API documentation to find which client types are supported.',
  ],
  CLIENT_ID_FORMAT_INVALID: [
    400,
    'CLIENT_ID_FORMAT_INVALID',
    'Client identifier must be in the correct format. Check the API documentation to find the correct format.',
  ],
  CLIENT_ID_DOES_NOT_MATCH_SERVICE: [
    400,
    'CLIENT_ID_DOES_NOT_MATCH_SERVICE',
    'The type of client Identifier provided cannot be used with the requested service. Check the API documentation for details of the correct client identifiers to use.',
  ],
  POSTCODE_FORMAT_INVALID: [
    400,
    'POSTCODE_FORMAT_INVALID',
    'Postcode must be in the correct format. Check the API documentation to find the correct format.',
  ],
  VAT_REG_DATE_FORMAT_INVALID: [
    400,
    'VAT_REG_DATE_FORMAT_INVALID',
    'VAT registration date must be in the correct format. Check the API documentation to find the correct format.',
  ],
  AGENT_TYPE_NOT_SUPPORTED: [
    400,
    'AGENT_TYPE_NOT_SUPPORTED',
    'The agent type requested is not supported. Check the API documentation to find which agent types are supported.',
  ],
  CLIENT_REGISTRATION_NOT_FOUND: [
    403,
    'CLIENT_REGISTRATION_NOT_FOUND',
    "The details provided for this client do not match HMRC's records.",
  ],
  POSTCODE_DOES_NOT_MATCH: [
    403,
    'POSTCODE_DOES_NOT_MATCH',
    "The postcode provided does not match HMRC's record for the client.",
  ],
  VAT_REG_DATE_DOES_NOT_MATCH: [
    403,
    'VAT_REG_DATE_DOES_NOT_MATCH',
    "The VAT registration date provided does not match HMRC's record for the client.",
  ],
  NOT_AN_AGENT: [
    403,
    'NOT_AN_AGENT',
    'This user does not have a Government Gateway agent account. They need to create an Government Gateway agent account before they can use this service.',
  ],
  AGENT_NOT_SUBSCRIBED: [
    403,
    'AGENT_NOT_SUBSCRIBED',
    'This agent needs to create an agent services account before they can use this service.',
  ],
  NO_PERMISSION_ON_AGENCY: [
    403,
    'NO_PERMISSION_ON_AGENCY',
    'The user that is signed in cannot access this authorisation request. Their details do not match the agent business that created the authorisation request.',
  ],
  DUPLICATE_AUTHORISATION_REQUEST: [
    403,
    'DUPLICATE_AUTHORISATION_REQUEST',
    'An authorisation request for this service has already been created and is awaiting the client’s response.',
  ],
  ALREADY_AUTHORISED: [
    403,
    'ALREADY_AUTHORISED',
    'The client has already authorised the agent for this service. The agent does not need ask the client for this authorisation again.',
  ],
  ALREADY_BEING_PROCESSED: [
    403,
    'ALREADY_BEING_PROCESSED',
    'More than one request received to create the same invitation.',
  ],
  INVALID_INVITATION_STATUS: [
    403,
    'INVALID_INVITATION_STATUS',
    'This authorisation request cannot be cancelled as the client has already responded to the request, or the request has expired.',
  ],
  NO_RELATIONSHIP: [403, 'NO_RELATIONSHIP', 'The specified relationship does not exist.'],
  INVITATION_NOT_FOUND: [404, 'INVITATION_NOT_FOUND', 'The authorisation request cannot be found.'],
  RELATIONSHIP_NOT_FOUND: [
    404,
    'RELATIONSHIP_NOT_FOUND',
    'Relationship is inactive. Agent is not authorised to act for this client.',
  ],
} as const satisfies Record<string, readonly [number, string, string]>;

export type AgentError = keyof typeof definitions;

export function agentError(error: AgentError): SandboxAnswer<{ code: string; message: string }> {
  const [status, code, message] = definitions[error];
  return flat(status, code, message);
}
