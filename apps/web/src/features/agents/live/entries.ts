import type { AgentLogEntry, VatLogEntry } from '@vatwise/domain';
import type { DialogueEntry } from '../../../shared/logs/dialogue-log';

/** An agent's line as the dialogue shows it. */
export function fromAgentEntry(entry: AgentLogEntry): DialogueEntry {
  return { id: entry.id, at: entry.at, level: entry.level, message: entry.message, source: entry.agentId };
}

/** An HMRC call as one line: method, endpoint, HMRC's answer, time taken and HMRC's correlation id. */
export function fromVatEntry(entry: VatLogEntry): DialogueEntry {
  const answer = entry.status === null ? (entry.failure ?? 'no answer') : String(entry.status);
  const parts = [`${entry.method} ${entry.endpoint}`, answer, `${entry.durationMs} ms`];
  if (entry.correlationId) parts.push(entry.correlationId);
  return {
    id: entry.id,
    at: entry.at,
    level: entry.status === null || entry.status >= 400 ? 'error' : 'success',
    message: parts.join(' · '),
    source: 'hmrc',
  };
}
