import { type BoxNumber, type NineBoxes, type ReturnBoxes, boxKey, boxNumbers, hmrcBoxFields } from '@vatwise/domain';

export interface CopyRow {
  box: BoxNumber;
  ours: number;
  /** Undefined while HMRC's copy is loading or could not be read. */
  theirs: number | undefined;
  differs: boolean;
}

/** Our figures beside HMRC's, box by box, flagging any box where the two disagree. */
export function compareCopies(ours: NineBoxes, theirs: ReturnBoxes | undefined): CopyRow[] {
  return boxNumbers.map((box) => {
    const mine = ours[boxKey(box)];
    const hmrc = theirs?.[hmrcBoxFields[box]];
    return { box, ours: mine, theirs: hmrc, differs: hmrc !== undefined && hmrc !== mine };
  });
}

/** Box 5 is always positive: whether it is owed to HMRC or by HMRC depends on boxes 3 and 4. */
export function netVatDirection(boxes: NineBoxes): 'pay' | 'reclaim' | 'nil' {
  if (boxes.box5 === 0) return 'nil';
  return boxes.box3 >= boxes.box4 ? 'pay' : 'reclaim';
}
