import { boxKey, boxNumbers, type NineBoxes } from '@vatwise/domain';

/**
 * Box for box, to the penny: the same figures (the return HMRC holds against the one we sent, an
 * approval against the boxes now). Used by the submission, review and client-approval sub-slices.
 */
export const sameBoxes = (a: NineBoxes, b: NineBoxes) => boxNumbers.every((box) => a[boxKey(box)] === b[boxKey(box)]);
