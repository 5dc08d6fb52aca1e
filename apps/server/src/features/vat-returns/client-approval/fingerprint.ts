import { createHash } from 'node:crypto';
import { canonicalBoxes, type NineBoxes } from '@vatwise/domain';

/** SHA-256 (hex) of the boxes' canonical text: the same figures, the same fingerprint. */
export const boxesFingerprint = (boxes: NineBoxes): string =>
  createHash('sha256').update(canonicalBoxes(boxes)).digest('hex');

/** What is stored of a link's token: its SHA-256, so the table alone opens no return. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
