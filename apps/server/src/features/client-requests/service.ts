import crypto from 'node:crypto';
import {
  type AddClientBody,
  type AgentAuthority,
  askAgainStatuses,
  type ClientRequest,
  type ClientRequestList,
  type ClientRequestStatus,
  type ErrorCode,
} from '@vatwise/domain';
import { type FraudHeaders, type HmrcClient, type InvitationStatus, invitationIdOf } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { HmrcConnectionService, SandboxUserService } from '../hmrc-connection';
import type { ActivityLog } from '../practice';
import type { ClientRequestRepo, ClientRequestRow } from './repo';

/**
 * A tax agent's clients: asking a client for authority through HMRC's Agent
 * Authorisation API with the agent's own token, keeping each request's status as HMRC last gave
 * it, and — once the client accepts — adding the client as one of the agent's businesses, reached
 * through the agent's authority. In the sandbox, VAT Wise can also answer for a test client
 * (the sandbox authoriser signs in as the client on HMRC's page and accepts or declines).
 */

/** HMRC is asked again at most this often when the list is read (3 requests/s per application). */
const recheckAfterMs = 30_000;

/** The audit line for a request HMRC now gives this status (features/practice; notifications hear them). */
const activityFor: Partial<Record<ClientRequestStatus, 'client_accepted' | 'client_declined' | 'client_expired'>> = {
  accepted: 'client_accepted',
  declined: 'client_declined',
  expired: 'client_expired',
};

const isAccepted = (row: ClientRequestRow) => statusOf[row.status as InvitationStatus] === 'accepted';

/** Each VRN's requests, newest first: the first leads, the rest are its history. */
function byVrn(rows: ClientRequestRow[]): ClientRequestRow[][] {
  const groups = new Map<string, ClientRequestRow[]>();
  const sorted = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
  for (const row of sorted) groups.set(row.vrn, [...(groups.get(row.vrn) ?? []), row]);
  return [...groups.values()];
}

/** What a round of authority checks found. */
export interface AuthorityCheckResult {
  checked: number;
  ended: number;
  failed: number;
}

const statusOf: Record<InvitationStatus, ClientRequestStatus> = {
  Pending: 'pending',
  Accepted: 'accepted',
  Partialauth: 'accepted',
  Rejected: 'declined',
  Expired: 'expired',
  Cancelled: 'cancelled',
  Deauthorised: 'ended',
};

/** HMRC's refusals an agent can act on, in our words (errors/catalogue.ts). */
const errorForHmrcCode: Record<string, ErrorCode> = {
  CLIENT_REGISTRATION_NOT_FOUND: 'CLIENT_NOT_REGISTERED',
  VAT_REG_DATE_DOES_NOT_MATCH: 'CLIENT_DATE_MISMATCH',
  ALREADY_AUTHORISED: 'CLIENT_ALREADY_AUTHORISED',
  DUPLICATE_AUTHORISATION_REQUEST: 'CLIENT_REQUEST_PENDING',
  INVALID_INVITATION_STATUS: 'CLIENT_REQUEST_ANSWERED',
  NOT_AN_AGENT: 'NOT_AN_AGENT_AUTHORITY',
  AGENT_NOT_SUBSCRIBED: 'NOT_AN_AGENT_AUTHORITY',
};

function inOurWords(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.hmrc) return error;
  const code = error.hmrc.codes.map((candidate) => errorForHmrcCode[candidate]).find(Boolean);
  return code ? new AppError(code) : error;
}

/** Answers a client's request in the sandbox as the client would (the sandbox authoriser). */
export interface SandboxClientAnswerer {
  answerClientRequest(
    owner: SessionUser,
    input: { clientUserId: string; linkUrl: string; invitationId: string; accept: boolean },
  ): Promise<void>;
}

export interface ClientRequestServiceDeps {
  repo: ClientRequestRepo;
  connections: HmrcConnectionService;
  sandboxUsers: SandboxUserService;
  client: HmrcClient;
  sandbox: boolean;
  answerer: SandboxClientAnswerer;
  log: FastifyBaseLogger;
  /** The businesses' audit trail: clients' answers and ended authority are recorded there. */
  activity?: ActivityLog;
  now?: () => Date;
}

export class ClientRequestService {
  private readonly now: () => Date;

  constructor(private readonly deps: ClientRequestServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The agent's authorities and requests. Requests still waiting are checked with HMRC when the
   * last check is older than 30 seconds, or at once with `refresh`.
   */
  async list(owner: SessionUser, fraudHeaders: FraudHeaders, options: { refresh?: boolean } = {}) {
    const rows = await this.deps.repo.list(owner.workspaceId);
    const stale = this.now().getTime() - (options.refresh ? 0 : recheckAfterMs);
    const due = rows.filter((row) => row.status === 'Pending' && Date.parse(row.checked_at) <= stale);
    if (due.length > 0) await this.check(owner, fraudHeaders, due);
    return this.view(owner);
  }

  /** Asks the client for authority: HMRC checks the VRN and registration date and gives the link. */
  async create(owner: SessionUser, fraudHeaders: FraudHeaders, input: AddClientBody & { vrn: string }) {
    const agent = await this.agentAuthority(owner, input.userId);
    const created = await this.deps.connections
      .agentCall(owner.workspaceId, input.userId, async (accessToken, arn) => {
        const context = { accessToken, fraudHeaders };
        const client = {
          service: 'MTD-VAT',
          clientIdType: 'vrn',
          clientId: input.vrn,
          knownFact: input.registrationDate,
        } as const;
        const invitationId = await this.deps.client.createInvitation(arn, client, context);
        return { invitationId, invitation: await this.deps.client.invitation(arn, invitationId, context) };
      })
      .catch((error: unknown) => {
        throw inOurWords(error);
      });
    const now = this.now().toISOString();
    const row: ClientRequestRow = {
      id: crypto.randomUUID(),
      owner_id: owner.workspaceId,
      agent_user_id: input.userId,
      arn: agent.arn,
      invitation_id: created.invitationId,
      vrn: input.vrn,
      registration_date: input.registrationDate,
      client_name: input.name || null,
      status: created.invitation.status,
      client_action_url: created.invitation.clientActionUrl ?? null,
      expires_on: created.invitation.expiresOn?.slice(0, 10) ?? null,
      answered_at: null,
      created_at: now,
      checked_at: now,
    };
    await this.deps.repo.insert(row);
    return this.toRequest(row, new Set());
  }

  /** Withdraws a request the client has not answered. */
  async cancel(owner: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ClientRequestList> {
    const row = await this.pending(owner, id);
    try {
      await this.deps.connections.agentCall(owner.workspaceId, row.agent_user_id, (accessToken, arn) =>
        this.deps.client.cancelInvitation(arn, row.invitation_id, { accessToken, fraudHeaders }),
      );
    } catch (error) {
      // The client answered (or it expired) meanwhile: show what HMRC says now, then say so.
      await this.check(owner, fraudHeaders, [row]);
      throw inOurWords(error);
    }
    const now = this.now().toISOString();
    await this.deps.repo.saveStatus(row.id, {
      status: 'Cancelled',
      client_action_url: null,
      answered_at: now,
      checked_at: now,
    });
    return this.view(owner);
  }

  /**
   * Sandbox only: answers the request as the client, with the owner's test user that holds the
   * client's VRN (made with "New test client"), then reads the outcome from HMRC.
   */
  async answerAsSandboxClient(owner: SessionUser, fraudHeaders: FraudHeaders, id: string, accept: boolean) {
    if (!this.deps.sandbox) throw new AppError('SANDBOX_ONLY');
    const row = await this.pending(owner, id);
    const clientUser = (await this.deps.sandboxUsers.listSandboxUsers(owner)).find(
      (user) => user.vrn === row.vrn && user.userType !== 'Agent',
    );
    if (!clientUser) throw new AppError('SANDBOX_CLIENT_NOT_FOUND');
    if (!row.client_action_url) throw new AppError('CLIENT_REQUEST_ANSWERED');
    await this.deps.answerer.answerClientRequest(owner, {
      clientUserId: clientUser.userId,
      linkUrl: row.client_action_url,
      invitationId: row.invitation_id,
      accept,
    });
    await this.check(owner, fraudHeaders, [row]);
    return this.view(owner);
  }

  /**
   * Re-checks every authority at once: the waiting requests' answers, then each accepted client's
   * relationship with HMRC.
   */
  async recheck(owner: SessionUser, fraudHeaders: FraudHeaders): Promise<ClientRequestList> {
    const rows = await this.deps.repo.list(owner.workspaceId);
    const pending = rows.filter((row) => row.status === 'Pending');
    if (pending.length > 0) await this.check(owner, fraudHeaders, pending);
    await this.checkAuthorities(owner.workspaceId, fraudHeaders);
    return this.view(owner);
  }

  /**
   * Asks HMRC, for each client whose latest request was accepted, whether the agent may still act
   * for it (the relationship check). A relationship HMRC no longer holds marks the client's
   * authority ended; one it holds lifts an earlier mark. Calls are paced with every other HMRC call.
   */
  async checkAuthorities(workspaceId: string, fraudHeaders: FraudHeaders): Promise<AuthorityCheckResult> {
    const result: AuthorityCheckResult = { checked: 0, ended: 0, failed: 0 };
    const leads = byVrn(await this.deps.repo.list(workspaceId)).map((group) => group[0]!);
    for (const row of leads.filter(isAccepted)) {
      const client = {
        service: 'MTD-VAT',
        clientIdType: 'vrn',
        clientId: row.vrn,
        knownFact: row.registration_date,
      } as const;
      let authorised: boolean;
      try {
        authorised = await this.deps.connections.agentCall(workspaceId, row.agent_user_id, (accessToken, arn) =>
          this.deps.client.checkRelationship(arn, client, { accessToken, fraudHeaders }),
        );
      } catch (error) {
        result.failed += 1;
        this.deps.log.warn({ err: error, vrn: row.vrn }, 'checking a client’s authority with HMRC failed');
        continue;
      }
      result.checked += 1;
      if (authorised) {
        await this.deps.connections.confirmClientAuthority(workspaceId, row.vrn);
        continue;
      }
      result.ended += 1;
      await this.endRow(row);
      await this.deps.connections.endClientAuthority(
        workspaceId,
        row.vrn,
        'HMRC’s relationship check: the agent is no longer authorised to act for this client.',
      );
    }
    return result;
  }

  /** Workspaces with a client whose request was accepted (the scheduled round's list). */
  workspacesWithClients(): Promise<string[]> {
    return this.deps.repo.workspacesWithAccepted();
  }

  /**
   * Asks the client again, with the VRN, registration date and name of an earlier request that
   * was declined, expired, cancelled or whose authority ended.
   */
  async askAgain(owner: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ClientRequest> {
    const row = await this.deps.repo.find(owner.workspaceId, id);
    if (!row) throw new AppError('CLIENT_REQUEST_NOT_FOUND');
    const current = (await this.view(owner)).requests.find((request) => request.vrn === row.vrn);
    if (!current || !askAgainStatuses.includes(current.status)) throw new AppError('CLIENT_REQUEST_PENDING');
    return this.create(owner, fraudHeaders, {
      userId: row.agent_user_id,
      vrn: row.vrn,
      registrationDate: row.registration_date,
      ...(row.client_name ? { name: row.client_name } : {}),
    });
  }

  /**
   * The agent ends its authority for a client (Agent Authorisation 2.0's de-authorise). A
   * relationship HMRC no longer holds is ended already: it reads as ended too.
   */
  async endAuthority(owner: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ClientRequestList> {
    const row = await this.deps.repo.find(owner.workspaceId, id);
    if (!row) throw new AppError('CLIENT_REQUEST_NOT_FOUND');
    if (!isAccepted(row)) throw new AppError('CLIENT_REQUEST_ANSWERED');
    try {
      await this.deps.connections.agentCall(owner.workspaceId, row.agent_user_id, (accessToken, arn) =>
        this.deps.client.deauthoriseClient(arn, row.vrn, { accessToken, fraudHeaders }),
      );
    } catch (error) {
      const codes = error instanceof AppError ? (error.hmrc?.codes ?? []) : [];
      if (codes.includes('INVALID_SCOPE')) throw new AppError('AGENT_SCOPE_MISSING');
      if (!codes.includes('NO_RELATIONSHIP')) throw inOurWords(error);
    }
    await this.endRow(row);
    await this.deps.connections.endClientAuthority(
      owner.workspaceId,
      row.vrn,
      `Ended by ${owner.name || owner.email} through HMRC.`,
    );
    return this.view(owner);
  }

  // --- internals -----------------------------------------------------------------------------

  private async endRow(row: ClientRequestRow): Promise<void> {
    const now = this.now().toISOString();
    await this.deps.repo.saveStatus(row.id, {
      status: 'Deauthorised',
      client_action_url: null,
      answered_at: row.answered_at ?? now,
      checked_at: now,
    });
  }

  private async agentAuthority(owner: SessionUser, userId: string): Promise<AgentAuthority> {
    const agent = (await this.deps.connections.agentAuthorities(owner.workspaceId)).find(
      (one) => one.userId === userId,
    );
    if (!agent) throw new AppError('NOT_AN_AGENT_AUTHORITY');
    return agent;
  }

  private async pending(owner: SessionUser, id: string): Promise<ClientRequestRow> {
    const row = await this.deps.repo.find(owner.workspaceId, id);
    if (!row) throw new AppError('CLIENT_REQUEST_NOT_FOUND');
    if (row.status !== 'Pending') throw new AppError('CLIENT_REQUEST_ANSWERED');
    return row;
  }

  /**
   * Reads each agent's requests from HMRC once and records what changed. A client that accepted
   * becomes one of the agent's businesses; one already reached through another authority is left
   * as it is (the user chooses on Grant Authority), never moved silently.
   */
  private async check(owner: SessionUser, fraudHeaders: FraudHeaders, rows: ClientRequestRow[]): Promise<void> {
    const now = this.now().toISOString();
    for (const agentUserId of new Set(rows.map((row) => row.agent_user_id))) {
      let invitations;
      try {
        invitations = await this.deps.connections.agentCall(owner.workspaceId, agentUserId, (accessToken, arn) =>
          this.deps.client.invitations(arn, { accessToken, fraudHeaders }),
        );
      } catch (error) {
        // The list still shows what HMRC last said, with when that was.
        this.deps.log.warn({ err: error }, 'reading the agent’s requests from HMRC failed');
        continue;
      }
      const byId = new Map(invitations.map((invitation) => [invitationIdOf(invitation._links.self.href), invitation]));
      for (const row of rows.filter((one) => one.agent_user_id === agentUserId)) {
        const invitation = byId.get(row.invitation_id);
        if (!invitation || invitation.status === row.status) continue;
        // An authority found ended stays ended: HMRC's invitation may still read Accepted.
        if (row.status === 'Deauthorised') continue;
        const before = statusOf[row.status as InvitationStatus];
        const after = statusOf[invitation.status];
        await this.deps.repo.saveStatus(row.id, {
          status: invitation.status,
          client_action_url: invitation.status === 'Pending' ? (invitation.clientActionUrl ?? null) : null,
          answered_at: invitation.updated ?? now,
          checked_at: now,
        });
        if (after === before) continue;
        const kind = activityFor[after];
        if (kind)
          await this.deps.activity?.recordForWorkspace(
            owner.workspaceId,
            row.vrn,
            kind,
            'HMRC',
            `Request ${row.invitation_id}`,
          );
        if (after === 'accepted') await this.connectClient(owner, fraudHeaders, row);
        if (after === 'ended') {
          await this.deps.connections.endClientAuthority(
            owner.workspaceId,
            row.vrn,
            'HMRC says the client’s authority has ended.',
          );
        }
      }
      await this.deps.repo.markChecked(owner.workspaceId, agentUserId, now);
    }
  }

  private async connectClient(owner: SessionUser, fraudHeaders: FraudHeaders, row: ClientRequestRow) {
    try {
      await this.deps.connections.addBusiness(owner, fraudHeaders, {
        vrn: row.vrn,
        name: row.client_name ?? undefined,
        userId: row.agent_user_id,
      });
    } catch (error) {
      this.deps.log.warn({ err: error, vrn: row.vrn }, 'the accepted client could not be added as a business');
    }
  }

  private async view(owner: SessionUser): Promise<ClientRequestList> {
    const [agents, rows, businesses] = await Promise.all([
      this.deps.connections.agentAuthorities(owner.workspaceId),
      this.deps.repo.list(owner.workspaceId),
      this.deps.connections.listBusinesses(owner),
    ]);
    const reached = new Set(businesses.businesses.map((business) => `${business.userId}|${business.vrn}`));
    const ended = new Set(
      businesses.businesses.filter((business) => business.authorityEndedAt).map((business) => business.vrn),
    );
    const checkedAt = rows.reduce<string | null>(
      (latest, row) => (latest && latest > row.checked_at ? latest : row.checked_at),
      null,
    );
    // One entry per client: the latest request leads, the earlier ones are folded under it.
    const requests = byVrn(rows).map(([lead, ...earlier]) => ({
      ...this.toRequest(lead!, reached, ended),
      earlier: earlier.map((row) => ({
        id: row.id,
        status: statusOf[row.status as InvitationStatus] ?? 'pending',
        sentAt: row.created_at,
        answeredAt: row.answered_at,
      })),
    }));
    return { agents, requests, checkedAt };
  }

  private toRequest(row: ClientRequestRow, reached: Set<string>, ended = new Set<string>()): ClientRequest {
    const given = statusOf[row.status as InvitationStatus] ?? 'pending';
    // An accepted client whose VAT calls HMRC refuses has ended authority, whatever the request says.
    const status = given === 'accepted' && ended.has(row.vrn) ? 'ended' : given;
    return {
      id: row.id,
      vrn: row.vrn,
      clientName: row.client_name,
      registrationDate: row.registration_date,
      status,
      agentUserId: row.agent_user_id,
      arn: row.arn,
      link: status === 'pending' ? row.client_action_url : null,
      expiresOn: row.expires_on,
      sentAt: row.created_at,
      answeredAt: row.answered_at,
      businessConnected: reached.has(`${row.agent_user_id}|${row.vrn}`),
    };
  }
}
