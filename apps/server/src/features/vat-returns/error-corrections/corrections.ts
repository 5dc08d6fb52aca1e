import {
  boxKey,
  type BoxKey,
  type Contribution,
  errorCorrectionBoxAmounts,
  type ErrorCorrection,
  groupOfRecord,
  perBox,
  type RecordGroup,
} from '@vatwise/domain';

/**
 * Errors corrected on the return (method 1, VAT Notice 700/45) in the boxes engine's terms: each an
 * adjustment of box 1 (output tax) and of box 4 (input tax), with a line id of its own so that no
 * record is taken for it.
 */
export const correctionLineId = (correction: Pick<ErrorCorrection, 'id'>) => `error-correction:${correction.id}`;

function adjustmentsOf(correction: ErrorCorrection) {
  const amounts = errorCorrectionBoxAmounts(correction);
  return ([1, 4] as const)
    .map((box) => ({ box, amountPence: box === 1 ? amounts.box1 : amounts.box4 }))
    .filter((adjustment) => adjustment.amountPence !== 0);
}

const describe = (correction: ErrorCorrection) =>
  `${correction.description} (${correction.periodStart} – ${correction.periodEnd})`;

export function correctionGroupsOf(correction: ErrorCorrection): RecordGroup[] {
  return adjustmentsOf(correction).map(({ box, amountPence }) =>
    groupOfRecord({
      kind: 'adjustment',
      id: correctionLineId(correction),
      date: correction.discoveredOn,
      description: describe(correction).slice(0, 200),
      box,
      amountPence,
      adjustmentType: 'errorCorrection',
      reason: correction.description,
    }),
  );
}

/** The lines the corrections add to boxes 1 and 4, dated when found, described with their period. */
export function correctionLinesOf(corrections: readonly ErrorCorrection[]): Record<BoxKey, Contribution[]> {
  const lines = perBox((): Contribution[] => []);
  for (const correction of corrections) {
    for (const { box, amountPence } of adjustmentsOf(correction)) {
      lines[boxKey(box)].push({
        recordId: correctionLineId(correction),
        amountPence,
        date: correction.discoveredOn,
        description: describe(correction),
      });
    }
  }
  return lines;
}
