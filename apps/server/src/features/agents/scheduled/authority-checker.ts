import type { FraudHeaders } from '@vatwise/hmrc';
import type { FraudHeaderSource } from '../../hmrc-connection';
import type { ScheduledAgent } from '../agent-service';

/** What the round needs of the clients' requests (features/client-requests). */
export interface ClientAuthorities {
  workspacesWithClients(): Promise<string[]>;
  checkAuthorities(
    workspaceId: string,
    fraudHeaders: FraudHeaders,
  ): Promise<{ checked: number; ended: number; failed: number }>;
}

/**
 * Authority checker: every six hours, asks HMRC whether each accepted client still authorises
 * the agent (Agent Authorisation's relationship check), so an authority the client withdrew reads
 * as ended without waiting for a refused VAT call. Work no person started: BATCH_PROCESS_DIRECT.
 */
export function authorityChecker(clients: ClientAuthorities, fraud: FraudHeaderSource): ScheduledAgent {
  return {
    id: 'authority-checker',
    everyMs: 6 * 60 * 60_000,
    firstRunAfterMs: 5 * 60_000,
    async run({ say }) {
      let failed = 0;
      for (const workspaceId of await clients.workspacesWithClients()) {
        const result = await clients.checkAuthorities(workspaceId, await fraud.forScheduledWork(workspaceId));
        failed += result.failed;
        if (result.ended > 0) {
          const who =
            result.ended === 1 ? 'one client no longer authorises' : `${result.ended} clients no longer authorise`;
          await say(workspaceId, 'warning', `HMRC says ${who} the agent: see Clients.`);
        }
      }
      if (failed > 0) throw new Error(`${failed} clients' authority could not be checked with HMRC.`);
    },
  };
}
