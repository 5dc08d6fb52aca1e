import type { HmrcConnectionService } from '../../hmrc-connection';
import type { ScheduledAgent } from '../agent-service';

/** Access tokens that end within this window are refreshed now (HMRC's last 4 hours). */
export const refreshWithinMs = 15 * 60_000;

/**
 * Token keeper: every five minutes, refreshes each HMRC connection whose access token is about to
 * end, so nobody meets an expired token; a refused refresh marks the connection (grant again).
 */
export function tokenKeeper(connections: HmrcConnectionService): ScheduledAgent {
  return {
    id: 'token-keeper',
    everyMs: 5 * 60_000,
    firstRunAfterMs: 10_000,
    async run({ say }) {
      const results = await connections.refreshExpiring(refreshWithinMs);
      for (const result of results) {
        if (result.outcome === 'refreshed') {
          const until = result.accessExpiresAt ? ` It is valid until ${result.accessExpiresAt}.` : '';
          await say(result.ownerId, 'success', `Refreshed the HMRC token for ${result.hmrcUserId}.${until}`);
        } else if (result.outcome === 'refused') {
          await say(
            result.ownerId,
            'error',
            `HMRC refused to refresh the token for ${result.hmrcUserId}: authorise it again on Grant Authority.`,
          );
        } else {
          await say(
            result.ownerId,
            'warning',
            `Could not reach HMRC to refresh ${result.hmrcUserId}; trying again soon.`,
          );
        }
      }
      const failed = results.filter((result) => result.outcome === 'failed').length;
      if (failed > 0) throw new Error(`${failed} of ${results.length} token refreshes could not reach HMRC.`);
    },
  };
}
