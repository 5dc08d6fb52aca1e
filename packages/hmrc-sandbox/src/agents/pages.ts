import { escapeHtml, page } from '../oauth/pages';
import type { Invitation } from './service';

/**
 * The client's side of an agent's request: after signing in through the client link, the client
 * sees the agent's pending requests and accepts or declines each, as on HMRC's "appoint someone
 * to deal with HMRC for you" pages (reduced to one page).
 */
const serviceNames: Record<string, string> = {
  'MTD-VAT': 'manage your VAT (Making Tax Digital for VAT)',
  'MTD-IT': 'manage your Income Tax (Making Tax Digital for Income Tax)',
};

/** How the pages name the agent: its registered agency name, else "your agent" (with the ARN beside). */
const agentWords = (agentName: string | null, capital = false) =>
  agentName ? escapeHtml(agentName) : capital ? 'Your agent' : 'your agent';

export interface ClientRequestsPageInput {
  /** The agency's registered name; null when the agent has none on record. */
  agentName: string | null;
  userId: string;
  invitations: Invitation[];
  csrfToken: string;
}

export function clientRequestsPage({ agentName, userId, invitations, csrfToken }: ClientRequestsPageInput): string {
  const requests = invitations
    .map(
      (invitation) => `<section class="request">
  <h2>${agentWords(agentName, true)} wants to ${escapeHtml(serviceNames[invitation.service] ?? invitation.service)}</h2>
  <p>For <code>${escapeHtml(invitation.client_id)}</code>, agent reference <code>${escapeHtml(invitation.arn)}</code>. This request expires on ${escapeHtml(invitation.expires_on)}.</p>
  <form method="post" action="" class="actions">
    <input type="hidden" name="invitationId" value="${escapeHtml(invitation.invitation_id)}">
    <input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">
    <button id="accept-${escapeHtml(invitation.invitation_id)}" name="answer" value="accept" type="submit">Yes, authorise this agent</button>
    <button id="decline-${escapeHtml(invitation.invitation_id)}" name="answer" value="decline" type="submit" class="secondary">No, decline</button>
  </form>
</section>`,
    )
    .join('\n');
  return page(
    'Authorise an agent',
    `<h1>Authorise ${agentWords(agentName)} to deal with HMRC for you</h1>
<p>Signed in as test user <strong>${escapeHtml(userId)}</strong>.</p>
${requests}`,
  );
}

export function noRequestsPage(userId: string): string {
  return page(
    'There is no request',
    `<h1>There is no authorisation request for you</h1>
<p id="no-requests">Test user <strong>${escapeHtml(userId)}</strong> has no pending request from this agent. It may have expired, been cancelled by the agent or already been answered, or it was sent to another client.</p>`,
  );
}

export function answeredPage(agentName: string | null, accepted: boolean): string {
  return page(
    accepted ? 'Agent authorised' : 'Request declined',
    accepted
      ? `<h1 id="answer-accepted">You have authorised ${agentWords(agentName)}</h1>
<p>They can now deal with HMRC for you for this service. Any other agent you had for it can no longer.</p>`
      : `<h1 id="answer-declined">You have declined the request from ${agentWords(agentName)}</h1>
<p>They cannot deal with HMRC for you for this service.</p>`,
  );
}
