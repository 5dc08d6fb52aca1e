import { type Liability, type Obligation, type Payment, type Penalty, penceToDecimalText } from '@vatwise/domain';
import type { CsvColumn } from '../../shared/export/csv';
import { obligationState } from './obligation-status';

/**
 * The columns of each table's CSV file. Headers are in the reader's language; values are for a
 * spreadsheet: ISO dates and money as plain decimals ('1234.56', from pence by integer arithmetic).
 * Period keys stay out, as HMRC asks software not to show them.
 */

/** Looks up a text of the vatOperations namespace. */
export type Label = (key: string) => string;

const money = (pence: number | null) => (pence === null ? null : penceToDecimalText(pence));

export function obligationCsvColumns(label: Label, today: string): CsvColumn<Obligation>[] {
  return [
    { header: label('csv.periodStart'), value: (row) => row.start },
    { header: label('csv.periodEnd'), value: (row) => row.end },
    { header: label('obligations.columns.due'), value: (row) => row.due },
    { header: label('obligations.columns.status'), value: (row) => label(`states.${obligationState(row, today)}`) },
    { header: label('obligations.columns.received'), value: (row) => row.received },
  ];
}

export function liabilityCsvColumns(label: Label): CsvColumn<Liability>[] {
  return [
    { header: label('csv.periodStart'), value: (row) => row.taxPeriod?.from },
    { header: label('csv.periodEnd'), value: (row) => row.taxPeriod?.to },
    { header: label('liabilities.columns.type'), value: (row) => row.type },
    { header: label('csv.originalAmount'), value: (row) => money(row.originalAmountPence) },
    { header: label('csv.outstandingAmount'), value: (row) => money(row.outstandingAmountPence) },
    { header: label('liabilities.columns.due'), value: (row) => row.due },
  ];
}

export function paymentCsvColumns(label: Label): CsvColumn<Payment>[] {
  return [
    { header: label('csv.amount'), value: (row) => money(row.amountPence) },
    { header: label('payments.columns.received'), value: (row) => row.received },
  ];
}

export function penaltyCsvColumns(label: Label): CsvColumn<Penalty>[] {
  return [
    { header: label('penalties.columns.kind'), value: (row) => label(`penalties.kinds.${row.kind}`) },
    { header: label('penalties.columns.category'), value: (row) => row.category },
    { header: label('penalties.columns.status'), value: (row) => row.status },
    { header: label('csv.periodStart'), value: (row) => row.taxPeriod?.from },
    { header: label('csv.periodEnd'), value: (row) => row.taxPeriod?.to },
    { header: label('csv.amount'), value: (row) => money(row.amountPence) },
    { header: label('csv.outstandingAmount'), value: (row) => money(row.outstandingPence) },
    { header: label('penalties.columns.due'), value: (row) => row.dueOn },
    { header: label('csv.chargeReference'), value: (row) => row.chargeReference },
  ];
}

/** 'obligations-123456789-2025-05-21-2026-05-20.csv': what, whose, and for when. */
export function csvFileName(kind: string, vrn: string, ...dates: string[]): string {
  return `${[kind, vrn, ...dates].join('-')}.csv`;
}
