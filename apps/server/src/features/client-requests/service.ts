import crypto from 'node:crypto';
import type {
  AddClientBody,
  AgentAuthority,
  ClientRequest,
  ClientRequestList,
  ClientRequestStatus,
  ErrorCode,
} from '@vatwise/domain';
import { type FraudHeaders, type HmrcClient, type InvitationStatus, invitationIdOf } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { HmrcConnectionService, SandboxUserService } from '../hmrc-connection';
import type { ClientRequestRepo, ClientRequestRow } from './repo';

/**
 * A tax agent's clients (issue 17, step 3): asking a client for authority through HMRC's Agent
 * Authorisation API with the agent's own token, keeping each request's status as HMRC last gave
 * it, and — once the client accepts — adding the client as one of the agent's businesses, reached
 * through the agent's authority. In the sandbox, VAT Wise can also answer for a test client
 * (the sandbox authoriser signs in as the client on HMRC's page and accepts or declines).
 */

/** HMRC is asked again at most this often when the list is read (3 requests/s per application). */
const recheckAfterMs = 30_000;

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

  // --- internals -----------------------------------------------------------------------------

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
        await this.deps.repo.saveStatus(row.id, {
          status: invitation.status,
          client_action_url: invitation.status === 'Pending' ? (invitation.clientActionUrl ?? null) : null,
          answered_at: invitation.updated ?? now,
          checked_at: now,
        });
        if (statusOf[invitation.status] === 'accepted') await this.connectClient(owner, fraudHeaders, row);
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
    const checkedAt = rows.reduce<string | null>(
      (latest, row) => (latest && latest > row.checked_at ? latest : row.checked_at),
      null,
    );
    return { agents, requests: rows.map((row) => this.toRequest(row, reached)), checkedAt };
  }

  private toRequest(row: ClientRequestRow, reached: Set<string>): ClientRequest {
    const status = statusOf[row.status as InvitationStatus] ?? 'pending';
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
