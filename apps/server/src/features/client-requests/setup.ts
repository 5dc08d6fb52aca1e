import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { hmrcConnection } from '../hmrc-connection';
import type { ActivityLog } from '../practice';
import { ClientRequestRepo } from './repo';
import { ClientRequestService, type SandboxClientAnswerer } from './service';

/** Builds the agent's client requests over the HMRC connection; the sandbox authoriser answers for test clients. */
export function clientRequestsFeature(
  database: DatabaseHandle,
  hmrc: ReturnType<typeof hmrcConnection>,
  answerer: SandboxClientAnswerer,
  log: FastifyBaseLogger,
  activity?: ActivityLog,
) {
  const clientRequests = new ClientRequestService({
    repo: new ClientRequestRepo(database.db),
    connections: hmrc.service,
    sandboxUsers: hmrc.sandboxUsers,
    client: hmrc.client,
    sandbox: hmrc.sandbox,
    answerer,
    log,
    ...(activity ? { activity } : {}),
  });
  return { clientRequests, fraud: hmrc.fraud };
}
