/**
 * Scopes the simulator grants, with the wording its grant page shows. The VAT (MTD) API needs
 * read:vat for every GET and write:vat to submit (docs/reference/hmrc-vat-api.md §3.1); the VAT Assist (MTD) API
 * needs write:vat for both its feedback request and its acknowledgement, and names no scope of its
 * own (reference/vat-assist/application.yaml, `security: userRestricted: [write:vat]`); the
 * Initiate payment API is application-restricted and needs no scope
 * (reference/initiate-payment/application.yaml, `applicationRestricted: []`); the agent
 * authorisation API one scope per operation (its application.yaml); `hello` is HMRC's test scope,
 * accepted so generic OAuth clients can try the flow.
 */
export const scopeDescriptions: Record<string, string> = {
  'read:vat': 'View your VAT information',
  'write:vat': 'Change your VAT information',
  'write:sent-invitations': 'Ask clients to authorise you as their agent',
  'read:sent-invitations': 'View the authorisation requests you sent',
  'write:cancel-invitations': 'Cancel authorisation requests you sent',
  'read:check-relationship': 'Check whether a client has authorised you',
  'write:relationships': 'End your authority to act for a client',
  hello: 'Say hello (HMRC test scope)',
};

/** The scopes of a space-separated list, or undefined when any is unknown. */
export function parseScopes(scope: string): string[] | undefined {
  const scopes = [...new Set(scope.split(/[\s+]+/).filter(Boolean))];
  if (scopes.length === 0 || scopes.some((name) => !Object.hasOwn(scopeDescriptions, name))) return undefined;
  return scopes;
}
