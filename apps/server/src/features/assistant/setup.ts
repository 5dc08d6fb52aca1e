import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { HmrcWithVatData } from '../vat-operations';
import { loadKnowledgeBase } from './knowledge/knowledge-base';
import { ConversationRepo } from './repo';
import { AssistantService } from './service';

/** Builds the assistant: its knowledge base is read once, at start. */
export function assistantFeature(
  config: Config,
  database: DatabaseHandle,
  hmrc: HmrcWithVatData,
  log: FastifyBaseLogger,
) {
  const service = new AssistantService({
    repo: new ConversationRepo(database.db),
    config: config.assistant,
    passages: loadKnowledgeBase(),
    log,
  });
  return { service, config: config.assistant, connections: hmrc.service, vatData: hmrc.vatData, fraud: hmrc.fraud };
}
