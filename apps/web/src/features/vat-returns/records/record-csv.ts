import { type VatRecord, penceToDecimalText } from '@vatwise/domain';
import type { CsvColumn } from '../../../shared/export/csv';
import { recordAmounts } from './records';

/** The records as a spreadsheet reads them: amounts as plain decimals ('-12.50'), never formatted text. */
export function recordCsvColumns(label: (key: string) => string): CsvColumn<VatRecord>[] {
  const amount = (pence: number | null) => (pence === null ? '' : penceToDecimalText(pence));
  return [
    { header: label('columns.date'), value: (record) => record.date },
    { header: label('columns.description'), value: (record) => record.description },
    { header: label('columns.type'), value: (record) => label(`kinds.${record.kind}`) },
    {
      header: label('csv.rate'),
      value: (record) => (record.kind === 'sale' || record.kind === 'purchase' ? label(`rates.${record.rate}`) : ''),
    },
    { header: label('csv.box'), value: (record) => ('box' in record ? record.box : '') },
    { header: label('columns.net'), value: (record) => amount(recordAmounts(record).netPence) },
    { header: label('columns.vat'), value: (record) => amount(recordAmounts(record).vatPence) },
    { header: label('csv.reason'), value: (record) => (record.kind === 'adjustment' ? record.reason : '') },
    { header: label('csv.sourceRow'), value: (record) => record.source?.row ?? '' },
  ];
}

/** 'vat-records-123456789-2026-01-01-to-2026-03-31.csv' */
export function recordCsvFileName(vrn: string, start: string, end: string): string {
  return `vat-records-${vrn}-${start}-to-${end}.csv`;
}
