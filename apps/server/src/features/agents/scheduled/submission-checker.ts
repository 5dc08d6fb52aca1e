import type { ReturnStatus } from '@vatwise/domain';
import type { VatReturnService } from '../../vat-returns';
import type { ScheduledAgent } from '../agent-service';

const outcomeText: Partial<Record<ReturnStatus, string>> = {
  submitted: 'HMRC holds it: the return is submitted and its receipt is kept.',
  failed: 'HMRC does not hold it: the draft is open again, with every figure, to submit once more.',
  draft: 'HMRC does not hold it: the draft is open again, with every figure, to submit once more.',
  filed_elsewhere:
    'HMRC holds another return for the period with other figures, filed another way: this one was not filed. Open it to compare the figures.',
};

/**
 * Submission checker: at start and every five minutes, asks HMRC where each submission whose
 * outcome is unknown stands (the VAT returns feature's "exactly once" guarantee) and tells its user.
 */
export function submissionChecker(returns: VatReturnService): ScheduledAgent {
  let first = true;
  return {
    id: 'submission-checker',
    everyMs: 5 * 60_000,
    // At once: the embedded simulator answers on the server's own port, which listens by then.
    firstRunAfterMs: 0,
    async run({ say }) {
      const results = await returns.settleUnsettled({ atStart: first });
      first = false;
      for (const result of results) {
        const which = `VAT return ${result.periodKey} for VRN ${result.vrn}`;
        if (result.error) {
          await say(result.ownerId, 'warning', `${which}: still checking with HMRC (${result.error}).`);
        } else {
          const text = outcomeText[result.status] ?? 'HMRC has no answer yet; checking again in five minutes.';
          const level =
            result.status === 'submitted' ? 'success' : result.status === 'filed_elsewhere' ? 'warning' : 'info';
          await say(result.ownerId, level, `${which}: ${text}`);
        }
      }
      const unsettled = results.filter((result) => result.error).length;
      if (unsettled > 0)
        throw new Error(`${unsettled} of ${results.length} submissions could not be checked with HMRC.`);
    },
  };
}
