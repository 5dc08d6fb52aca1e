import { addDays } from '@vatwise/domain';
import type { SandboxContext } from '../context';
import type { SandboxAnswer } from '../http/errors';
import { randomFrom } from '../platform/secrets';
import type { InvitationRecord, RelationshipKey, TestUserRecord } from '../store/store';
import { intBetween, randomFor } from '../vat/random';
import { type AgentError, agentError } from './errors';
import type { AgentService, ClientAccessData, ClientRelationshipData } from './validation';

/**
 * Agent authorisation's state: invitations an agent sends, the client's answer and the
 * relationships that follow. An invitation expires 21 days after it was made, by the simulator's
 * clock; the agent sees requests of the last 30 days (HMRC's definition).
 */
export const invitationLifetimeDays = 21;
const listedDays = 30;

export interface Agent {
  arn: string;
  /**
   * The agency's name as registered with HMRC, which HMRC shows the client; null when none was
   * set for the test user (HMRC's Create Test User API takes none: the operator area sets it).
   */
  name: string | null;
}

export type InvitationStatus = 'Pending' | 'Accepted' | 'Rejected' | 'Cancelled' | 'Expired' | 'Deauthorised';

/** An invitation as the agent sees it now: Pending turns Expired once its day has come. */
export interface Invitation extends InvitationRecord {
  effectiveStatus: InvitationStatus;
  effectiveUpdatedAt: string;
}

const urlParts: Record<AgentService, string> = { 'MTD-VAT': 'vat', 'MTD-IT': 'income-tax' };
export const serviceOfUrlPart = (part: string): AgentService | undefined =>
  (Object.keys(urlParts) as AgentService[]).find((service) => urlParts[service] === part);

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The agent's part of the client link: fixed per ARN, so every link the agent sends is the same. */
export function agentUidFor(arn: string): string {
  const random = randomFor(`agent-uid:${arn}`);
  return Array.from({ length: 8 }, () => alphanumeric.charAt(intBetween(random, 0, alphanumeric.length - 1))).join('');
}

/** The agent's name as HMRC writes it into the client link. */
export const normalisedAgentName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'agent';

export const clientLinkPath = (invitation: Pick<InvitationRecord, 'agent_uid' | 'service'>, agentName: string) =>
  `/agent-client-relationships/appoint-someone-to-deal-with-HMRC-for-you/${invitation.agent_uid}/${normalisedAgentName(agentName)}/${urlParts[invitation.service as AgentService]}`;

export const invitationPath = (arn: string, invitationId: string) => `/agents/${arn}/invitations/${invitationId}`;

/** HMRC's agent record of a test user: NOT_AN_AGENT, AGENT_NOT_SUBSCRIBED, or the agent. */
export function agentOf(user: TestUserRecord | undefined): Agent | AgentError {
  if (!user || user.userType !== 'agent') return 'NOT_AN_AGENT';
  const arn = user.details.agentServicesAccountNumber;
  if (typeof arn !== 'string') return 'AGENT_NOT_SUBSCRIBED';
  // Never the test user's own full name: a client is asked to appoint an agency, not a person.
  const name = user.details.agencyName;
  return { arn, name: typeof name === 'string' && name.trim() ? name.trim() : null };
}

/** The identifiers a signed-in test user is a client under. */
export const clientIdsOf = (user: TestUserRecord): string[] =>
  [user.vrn, user.nino].filter((id): id is string => id !== null);

export type CreateResult =
  { created: true; location: string } | { created: false; answer: SandboxAnswer; location?: string };

export class AgentAuthorisations {
  /** Creations under way, by agent, service and client: HMRC refuses a second one meanwhile. */
  private readonly inProgress = new Set<string>();

  constructor(private readonly context: SandboxContext) {}

  withStatus(record: InvitationRecord): Invitation {
    const expired = record.status === 'Pending' && this.context.clock.today() >= record.expires_on;
    return {
      ...record,
      effectiveStatus: expired ? 'Expired' : (record.status as InvitationStatus),
      effectiveUpdatedAt: expired ? `${record.expires_on}T00:00:00.000Z` : record.updated_at,
    };
  }

  /** Whether HMRC holds this client for the service, with this known fact. */
  async checkClient(data: ClientAccessData): Promise<AgentError | undefined> {
    const { store } = this.context;
    if (data.service === 'MTD-VAT') {
      const stored = await store.account(data.clientId);
      if (!stored) return 'CLIENT_REGISTRATION_NOT_FOUND';
      return stored.account.registrationDate === data.knownFact ? undefined : 'VAT_REG_DATE_DOES_NOT_MATCH';
    }
    const user = await store.testUserBy('nino', data.clientId);
    if (!user || typeof user.details.mtdItId !== 'string') return 'CLIENT_REGISTRATION_NOT_FOUND';
    const details = user.details.individualDetails as { address?: { postcode?: unknown } } | undefined;
    const postcode = details?.address?.postcode;
    const squash = (text: string) => text.replace(/\s+/g, '').toUpperCase();
    return typeof postcode === 'string' && squash(postcode) === squash(data.knownFact)
      ? undefined
      : 'POSTCODE_DOES_NOT_MATCH';
  }

  async create(agent: Agent, data: ClientAccessData): Promise<CreateResult> {
    const key = `${agent.arn}|${data.service}|${data.clientId}`;
    if (this.inProgress.has(key)) return { created: false, answer: agentError('ALREADY_BEING_PROCESSED') };
    this.inProgress.add(key);
    try {
      return await this.createOnce(agent, data);
    } finally {
      this.inProgress.delete(key);
    }
  }

  private async createOnce(agent: Agent, data: ClientAccessData): Promise<CreateResult> {
    const { store, clock } = this.context;
    const clientProblem = await this.checkClient(data);
    if (clientProblem) return { created: false, answer: agentError(clientProblem) };
    const relationship: RelationshipKey = { arn: agent.arn, service: data.service, client_id: data.clientId };
    const pending = (await store.invitationsBetween(relationship))
      .map((record) => this.withStatus(record))
      .find((invitation) => invitation.effectiveStatus === 'Pending');
    if (pending) {
      return {
        created: false,
        answer: agentError('DUPLICATE_AUTHORISATION_REQUEST'),
        location: invitationPath(agent.arn, pending.invitation_id),
      };
    }
    if (await store.hasRelationship(relationship)) return { created: false, answer: agentError('ALREADY_AUTHORISED') };

    const now = clock.iso();
    // HMRC's ids are 13 capitals and digits, the first naming the service.
    const invitationId = `${data.service === 'MTD-VAT' ? 'C' : data.agentType === 'supporting' ? 'L' : 'A'}${randomFrom(alphanumeric, 12)}`;
    await store.insertInvitation({
      invitation_id: invitationId,
      arn: agent.arn,
      agent_uid: agentUidFor(agent.arn),
      service: data.service,
      client_id: data.clientId,
      agent_type: data.agentType ?? null,
      status: 'Pending',
      created_at: now,
      updated_at: now,
      expires_on: addDays(clock.today(), invitationLifetimeDays),
    });
    return { created: true, location: invitationPath(agent.arn, invitationId) };
  }

  async list(arn: string): Promise<Invitation[]> {
    const since = this.context.clock.iso(-listedDays * 86_400_000);
    return (await this.context.store.invitationsOf(arn, since)).map((record) => this.withStatus(record));
  }

  /** The agent's own invitation; another agent's is as good as missing. */
  async find(arn: string, invitationId: string): Promise<Invitation | undefined> {
    const record = await this.context.store.invitation(invitationId);
    return record && record.arn === arn ? this.withStatus(record) : undefined;
  }

  async cancel(arn: string, invitationId: string): Promise<AgentError | undefined> {
    const invitation = await this.find(arn, invitationId);
    if (!invitation) return 'INVITATION_NOT_FOUND';
    if (invitation.effectiveStatus !== 'Pending') return 'INVALID_INVITATION_STATUS';
    const changed = await this.context.store.setInvitationStatus(
      invitationId,
      'Pending',
      'Cancelled',
      this.context.clock.iso(),
    );
    return changed ? undefined : 'INVALID_INVITATION_STATUS';
  }

  async checkRelationship(arn: string, data: ClientAccessData): Promise<AgentError | undefined> {
    const clientProblem = await this.checkClient(data);
    if (clientProblem) return clientProblem;
    const exists = await this.context.store.hasRelationship({ arn, service: data.service, client_id: data.clientId });
    return exists ? undefined : 'RELATIONSHIP_NOT_FOUND';
  }

  /** The agent ends its own relationship with the client (2.0's de-authorise). */
  async deauthorise(arn: string, data: ClientRelationshipData): Promise<AgentError | undefined> {
    const key = { arn, service: data.service, client_id: data.clientId };
    return (await this.context.store.endRelationship(key, this.context.clock.iso())) ? undefined : 'NO_RELATIONSHIP';
  }

  /**
   * The client removes their agent for the service (on HMRC's own pages; in the simulator an
   * operator control): the number of relationships ended.
   */
  async removeAgentsOfClient(service: AgentService, clientId: string): Promise<number> {
    const { store, clock } = this.context;
    let ended = 0;
    for (const arn of await store.agentsOfClient(service, clientId)) {
      if (await store.endRelationship({ arn, service, client_id: clientId }, clock.iso())) ended += 1;
    }
    return ended;
  }

  /** The client's pending invitations from the agent behind a link, for the service in it. */
  async pendingForClient(agentUid: string, service: AgentService, client: TestUserRecord): Promise<Invitation[]> {
    return (await this.context.store.invitationsForClient(agentUid, clientIdsOf(client)))
      .map((record) => this.withStatus(record))
      .filter((invitation) => invitation.service === service && invitation.effectiveStatus === 'Pending');
  }

  /**
   * The client's answer. Accepting makes the relationship, ending any other agent's for the
   * service (a client has one agent per service); false when the invitation is no longer pending.
   */
  async respond(invitation: Invitation, accept: boolean): Promise<boolean> {
    const { store, clock } = this.context;
    if (invitation.effectiveStatus !== 'Pending') return false;
    const now = clock.iso();
    const changed = await store.setInvitationStatus(
      invitation.invitation_id,
      'Pending',
      accept ? 'Accepted' : 'Rejected',
      now,
    );
    if (changed && accept) {
      await store.replaceRelationship(
        { arn: invitation.arn, service: invitation.service, client_id: invitation.client_id },
        now,
      );
    }
    return changed;
  }
}
