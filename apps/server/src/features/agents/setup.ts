import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { whileLocked } from '../../db/start-safety';
import type { Cluster } from '../../platform/cluster';
import type { LiveEvents } from '../../platform/live';
import type { HmrcWithVatData } from '../vat-operations';
import type { VatReturnService } from '../vat-returns';
import { AgentService } from './agent-service';
import { RoundQueue } from './round-queue';
import { LogRepo } from './logs/log-repo';
import { SandboxAuthoriser } from './sandbox-authoriser/sandbox-authoriser';
import { DeadlineWatcher } from './scheduled/deadline-watcher';
import { submissionChecker } from './scheduled/submission-checker';
import { tokenKeeper } from './scheduled/token-keeper';

export interface AgentsFeatureDeps {
  config: Config;
  database: DatabaseHandle;
  hmrc: HmrcWithVatData;
  vatReturns: VatReturnService;
  /** The live channel: the agents' statuses and dialogue, and the deadline warnings, reach the browsers through it. */
  events: LiveEvents;
  /** The daily e-mail digest the deadline watcher sends after each round (features/deadlines). */
  digest?: { sendAll(): Promise<unknown> };
  /** The other instances: their bus, and Redis for the round queue. */
  cluster?: Pick<Cluster, 'bus' | 'redis'>;
  log: FastifyBaseLogger;
}

/**
 * Builds the agents: their service and schedules, the two log stores (every HMRC call made for a
 * user lands in their VAT dialogue), and the sandbox authoriser. Schedules start only with
 * `start()` (server.ts, when AGENTS_ENABLED), so tests run rounds when they choose.
 */
export async function agentsFeature(app: FastifyInstance, deps: AgentsFeatureDeps) {
  const { config, database, hmrc, events, log } = deps;
  const logs = new LogRepo(database.db);
  const redis = deps.cluster?.redis ?? null;
  const agents = new AgentService({
    db: database.db,
    logs,
    events,
    log,
    ...(deps.cluster ? { bus: deps.cluster.bus } : {}),
    ...(redis ? { rounds: new RoundQueue(redis, log) } : {}),
    roundLock: (id, work) => whileLocked(database, `agent-round:${id}`, work),
  });
  await agents.load();

  const watcher = new DeadlineWatcher({
    db: database.db,
    connections: hmrc.service,
    vatData: hmrc.vatData,
    fraud: hmrc.fraud,
    events,
    ...(deps.digest ? { digest: deps.digest } : {}),
  });
  agents.register(tokenKeeper(hmrc.service));
  agents.register(watcher.agent());
  agents.register(submissionChecker(deps.vatReturns));

  // The VAT dialogue: each HMRC call, as it happens, for the user it was made for.
  hmrc.calls.onCall((call) => {
    const { caller, ...entry } = call;
    logs
      .appendVatLog(caller.ownerId, entry)
      .then((saved) => events.send({ user: caller.ownerId }, 'vat:log', saved))
      .catch((error: unknown) => log.error({ err: error }, 'could not write the VAT dialogue'));
  });

  // A newly connected business is checked for deadlines at once, not at the next daily round,
  // with the headers of the person who connected it: they started this call.
  hmrc.service.onBusinessConnected((business, fraudHeaders) => {
    if (!config.agents.enabled) return;
    try {
      agents.assertActive('deadline-watcher');
    } catch {
      return; // paused or disabled: the business is checked when an Admin resumes it
    }
    watcher
      .watch(
        business,
        {
          say: async (ownerId, level, message) => void (await agents.say(ownerId, 'deadline-watcher', level, message)),
        },
        fraudHeaders,
      )
      .catch((error: unknown) => log.error({ err: error }, 'deadline check of a new business failed'));
  });

  const authoriser = new SandboxAuthoriser({
    config,
    connections: hmrc.service,
    sandboxUsers: hmrc.sandboxUsers,
    agents,
  });
  app.addHook('onClose', () => agents.stop());

  return {
    agents,
    logs,
    events,
    authoriser,
    watcher,
    fraud: hmrc.fraud,
  };
}
