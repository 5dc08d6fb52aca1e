import {
  type AgentId,
  agentIds,
  type AgentInfo,
  type AgentLogEntry,
  type AgentStatus,
  type LogLevel,
  Role,
  type SettableAgentStatus,
} from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClusterBus } from '../../platform/cluster';
import { withCallPriority } from '../hmrc-connection';
import type { RoundQueue } from './round-queue';
import { AppError } from '../../plugins/errors';
import type { LiveEvents } from '../../platform/live';
import type { LogRepo } from './logs/log-repo';

/** What an agent's work is given: a way to tell a user what it did for them. */
export interface AgentRunContext {
  say(ownerId: string, level: LogLevel, message: string): Promise<void>;
}

/** An agent that runs on a timer (the token keeper, the deadline watcher, the submission checker). */
export interface ScheduledAgent {
  id: AgentId;
  everyMs: number;
  /** How long after the server starts its first run comes. */
  firstRunAfterMs: number;
  /** Does one round for every user; throwing marks the agent 'error' with the message. */
  run(context: AgentRunContext): Promise<void>;
}

/** Who is looking at a status: a user's own runs show as theirs; Admins also see global runs. */
export interface StatusViewer {
  id: string;
  role: Role;
}

interface AgentState {
  mode: SettableAgentStatus;
  changedBy: string | null;
  lastRunAt: string | null;
  lastError: string | null;
  nextRunAt: string | null;
  /** A scheduled (all-users) round in progress. */
  round: Promise<void> | null;
  /** Users with an on-demand run of this agent in progress (the sandbox authoriser). */
  runningFor: Set<string>;
}

/** An Admin's change of an agent's mode, as the cluster's bus carries it. */
interface ModeChange {
  id: AgentId;
  mode: SettableAgentStatus;
  changedBy: string;
}
const modeTopic = 'agent-mode';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The agents' statuses, schedules and dialogue. An Admin's pause, resume or disable is kept in the
 * database (it survives restarts); 'running' and 'error' come from the work itself. Scheduled
 * rounds skip while an agent is paused or disabled; on-demand work is refused.
 */
export class AgentService {
  private readonly states = new Map<AgentId, AgentState>();
  private readonly scheduled = new Map<AgentId, ScheduledAgent>();
  private readonly timers = new Map<AgentId, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      logs: LogRepo;
      events: LiveEvents;
      log: FastifyBaseLogger;
      /** Other instances hear an Admin's pause, resume or disable at once, and apply it. */
      bus?: ClusterBus;
      /** With Redis, scheduled rounds are jobs one instance takes (round-queue.ts); else timers. */
      rounds?: RoundQueue;
      /** Runs a round while no other instance runs one of the same agent (a database lock). */
      roundLock?: (id: AgentId, work: () => Promise<void>) => Promise<void>;
      now?: () => Date;
    },
  ) {
    for (const id of agentIds) {
      this.states.set(id, {
        mode: 'idle',
        changedBy: null,
        lastRunAt: null,
        lastError: null,
        nextRunAt: null,
        round: null,
        runningFor: new Set(),
      });
    }
    deps.bus?.subscribe(modeTopic, (message) => {
      const change = message as ModeChange;
      const state = this.states.get(change.id);
      if (!state) return;
      state.mode = change.mode;
      state.changedBy = change.changedBy;
      if (change.mode === 'idle') state.lastError = null;
    });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private state(id: AgentId): AgentState {
    const state = this.states.get(id);
    if (!state) throw new AppError('AGENT_NOT_FOUND');
    return state;
  }

  /** Reads what Admins set earlier and what the last runs left. */
  async load(): Promise<void> {
    const rows = await this.deps.db.selectFrom('agent_state').selectAll().execute();
    for (const row of rows) {
      const state = this.states.get(row.agent_id as AgentId);
      if (!state) continue;
      state.mode = (['idle', 'paused', 'disabled'].includes(row.status) ? row.status : 'idle') as SettableAgentStatus;
      state.changedBy = row.changed_by;
      state.lastRunAt = row.last_run_at;
      state.lastError = row.last_error;
    }
  }

  // --- statuses -----------------------------------------------------------------------------

  info(id: AgentId, viewer: StatusViewer | null): AgentInfo {
    const state = this.state(id);
    const admin = viewer?.role === Role.Admin;
    let status: AgentStatus = state.mode;
    if (state.mode === 'idle') {
      if (viewer && state.runningFor.has(viewer.id)) status = 'running';
      else if (admin && state.round) status = 'running';
      else if (admin && state.lastError) status = 'error';
    }
    return {
      id,
      status,
      lastRunAt: state.lastRunAt,
      nextRunAt: state.mode === 'idle' ? state.nextRunAt : null,
      // Global failures are for Admins; they never name a user, but they are not every user's business.
      lastError: admin ? state.lastError : null,
      changedBy: state.changedBy,
    };
  }

  list(viewer: StatusViewer | null): AgentInfo[] {
    return agentIds.map((id) => this.info(id, viewer));
  }

  /** An Admin pauses, resumes ('idle') or disables an agent; every signed-in user sees it live. */
  async setStatus(id: AgentId, status: SettableAgentStatus, admin: { id: string; email: string }): Promise<AgentInfo> {
    const state = this.state(id);
    state.mode = status;
    state.changedBy = admin.email;
    if (status === 'idle') state.lastError = null;
    await this.persist(id);
    this.deps.bus?.publish(modeTopic, { id, mode: status, changedBy: admin.email } satisfies ModeChange);
    this.deps.log.info({ agent: id, status, by: admin.id }, 'agent status changed');
    const info = this.info(id, null);
    this.deps.events.send('everyone', 'agent:status', info);
    return info;
  }

  /** Refuses work for an agent an Admin paused or disabled. */
  assertActive(id: AgentId): void {
    if (this.state(id).mode !== 'idle') throw new AppError('AGENT_PAUSED');
  }

  private async persist(id: AgentId): Promise<void> {
    const state = this.state(id);
    const row = {
      status: state.mode,
      last_run_at: state.lastRunAt,
      last_error: state.lastError,
      changed_by: state.changedBy,
      updated_at: this.now().toISOString(),
    };
    await this.deps.db
      .insertInto('agent_state')
      .values({ agent_id: id, ...row })
      .onConflict((conflict) => conflict.column('agent_id').doUpdateSet(row))
      .execute();
  }

  // --- dialogue -----------------------------------------------------------------------------

  /** Writes to the user's agent dialogue and sends it to their browsers. Never throws. */
  async say(ownerId: string, agentId: AgentId, level: LogLevel, message: string): Promise<AgentLogEntry | null> {
    try {
      const entry = await this.deps.logs.appendAgentLog(ownerId, { agentId, level, message }, this.now());
      this.deps.events.send({ user: ownerId }, 'agent:log', entry);
      return entry;
    } catch (error) {
      this.deps.log.error({ err: error, agent: agentId }, 'could not write the agent dialogue');
      return null;
    }
  }

  private contextFor(id: AgentId): AgentRunContext {
    return { say: async (ownerId, level, message) => void (await this.say(ownerId, id, level, message)) };
  }

  // --- on-demand runs -----------------------------------------------------------------------

  /** Runs `work` for one user as this agent: refused when paused; 'running' for that user meanwhile. */
  async runFor<T>(id: AgentId, owner: StatusViewer, work: (context: AgentRunContext) => Promise<T>): Promise<T> {
    this.assertActive(id);
    const state = this.state(id);
    state.runningFor.add(owner.id);
    this.deps.events.send({ user: owner.id }, 'agent:status', this.info(id, owner));
    try {
      const result = await work(this.contextFor(id));
      state.lastRunAt = this.now().toISOString();
      return result;
    } finally {
      state.runningFor.delete(owner.id);
      await this.persist(id).catch((error: unknown) => this.deps.log.error({ err: error }, 'agent state not saved'));
      this.deps.events.send({ user: owner.id }, 'agent:status', this.info(id, owner));
    }
  }

  // --- schedules ----------------------------------------------------------------------------

  register(agent: ScheduledAgent): void {
    this.scheduled.set(agent.id, agent);
  }

  /** Starts the registered agents' schedules, or only those in `only` (server.ts; tests use runNow). */
  async start(only?: readonly AgentId[]): Promise<void> {
    this.stopped = false;
    const agents = [...this.scheduled.values()].filter((agent) => !only || only.includes(agent.id));
    const rounds = this.deps.rounds;
    if (!rounds) {
      for (const agent of agents) this.schedule(agent, agent.firstRunAfterMs);
      return;
    }
    const next = await rounds.schedule(agents, (id) => this.scheduledRound(id));
    for (const [id, at] of next) this.state(id).nextRunAt = at === null ? null : new Date(at).toISOString();
    // What must run as soon as an instance starts (the submission checker) does so here as well.
    for (const agent of agents) if (agent.firstRunAfterMs === 0) void this.scheduledRound(agent.id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.deps.rounds?.close();
  }

  /** A round the schedule asks for: skipped while an Admin has the agent paused or disabled. */
  private async scheduledRound(id: AgentId): Promise<void> {
    const agent = this.scheduled.get(id);
    const state = this.state(id);
    if (!agent || state.mode !== 'idle') return;
    await this.round(agent);
    const next = await this.deps.rounds?.nextRunAt(id).catch(() => null);
    if (next) state.nextRunAt = new Date(next).toISOString();
  }

  private schedule(agent: ScheduledAgent, delayMs: number): void {
    if (this.stopped) return;
    const state = this.state(agent.id);
    state.nextRunAt = new Date(this.now().getTime() + delayMs).toISOString();
    const timer = setTimeout(() => {
      // A paused or disabled agent skips its turn and waits for the next.
      const round = state.mode === 'idle' ? this.round(agent) : Promise.resolve();
      void round.finally(() => this.schedule(agent, agent.everyMs));
    }, delayMs);
    timer.unref();
    this.timers.set(agent.id, timer);
  }

  /**
   * Runs a scheduled agent's round now (an Admin's "Run now", the deadline watcher on a new
   * connection, tests). A round already under way is joined, not doubled.
   */
  runNow(id: AgentId): Promise<void> {
    this.assertActive(id);
    const agent = this.scheduled.get(id);
    if (!agent) throw new AppError('AGENT_NOT_FOUND', 'This agent runs only when a user asks it to.');
    return this.round(agent);
  }

  private round(agent: ScheduledAgent): Promise<void> {
    const state = this.state(agent.id);
    if (state.round) return state.round;
    const round = (async () => {
      await null; // lets `state.round` be set first, so the status sent says 'running'
      this.deps.events.send('admins', 'agent:status', this.info(agent.id, adminView));
      try {
        // Its HMRC calls queue behind people's; another instance may be running the same agent.
        const run = () => withCallPriority('background', () => agent.run(this.contextFor(agent.id)));
        await (this.deps.roundLock ? this.deps.roundLock(agent.id, run) : run());
        state.lastError = null;
      } catch (error) {
        state.lastError = errorText(error);
        this.deps.log.error({ err: error, agent: agent.id }, 'agent round failed');
      } finally {
        state.lastRunAt = this.now().toISOString();
        state.round = null;
        await this.persist(agent.id).catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'agent state not saved'),
        );
        this.deps.events.send('admins', 'agent:status', this.info(agent.id, adminView));
      }
    })();
    state.round = round;
    return round;
  }
}

/** How global runs are described to the Admins' room. */
const adminView: StatusViewer = { id: '', role: Role.Admin };
