import type { VatRecordInput } from '@vatwise/domain';
import type { TFunction } from 'i18next';

/** The "Rate / box" column: a transaction's rate (and any special treatment), or the box an adjustment moves. */
export function rateOrBoxLabel(record: VatRecordInput, t: TFunction): string {
  if (record.kind === 'adjustment' || record.kind === 'boxTotal') {
    return t('vatReturns:boxes.boxNumber', { box: record.box });
  }
  const rate = t(`vatReturns:rates.${record.rate}`);
  return record.treatment === 'normal' ? rate : `${rate} · ${t(`vatReturns:treatments.${record.treatment}`)}`;
}
