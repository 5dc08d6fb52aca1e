import type { BoxTotalsMapping, ImportKind, ImportProblem, TransactionMapping } from '@vatwise/domain';

/**
 * The import wizard's column choices. The user picks, for each field, the column of the file that
 * holds it; the mapping goes to the server only once every required field has a column.
 */
export type ColumnField = 'date' | 'description' | 'net' | 'vat' | 'kind' | 'rate' | 'paidOn' | 'box' | 'amount';

export interface MappingChoice {
  columns: Partial<Record<ColumnField, string | null>>;
  /** Transactions only: what a row is when no column says sale or purchase. */
  defaultKind: 'sale' | 'purchase';
}

export const requiredFields: Record<ImportKind, readonly ColumnField[]> = {
  transactions: ['date', 'description', 'net', 'vat'],
  boxTotals: ['box', 'amount'],
};

export const optionalFields: Record<ImportKind, readonly ColumnField[]> = {
  transactions: ['kind', 'rate', 'paidOn'],
  boxTotals: [],
};

/** The choice shown for a mapping the server used (or none when it could not guess). */
export function choiceFromMapping(mapping: TransactionMapping | BoxTotalsMapping | null): MappingChoice {
  if (!mapping) return { columns: {}, defaultKind: 'sale' };
  if ('box' in mapping) return { columns: { box: mapping.box, amount: mapping.amount }, defaultKind: 'sale' };
  return {
    columns: {
      date: mapping.date,
      description: mapping.description,
      net: mapping.net,
      vat: mapping.vat,
      kind: mapping.kind,
      rate: mapping.rate,
      paidOn: mapping.paidOn,
    },
    defaultKind: mapping.defaultKind,
  };
}

/** The mapping to send, or null while a required field has no column. */
export function mappingFromChoice(
  kind: ImportKind,
  choice: MappingChoice,
): TransactionMapping | BoxTotalsMapping | null {
  const column = (field: ColumnField) => choice.columns[field] ?? null;
  if (requiredFields[kind].some((field) => !column(field))) return null;
  if (kind === 'boxTotals') return { box: column('box') ?? '', amount: column('amount') ?? '' };
  return {
    date: column('date') ?? '',
    description: column('description') ?? '',
    net: column('net') ?? '',
    vat: column('vat') ?? '',
    kind: column('kind'),
    defaultKind: choice.defaultKind,
    rate: column('rate'),
    paidOn: column('paidOn'),
  };
}

/** Problems in file order: the whole file's first, then by row. */
export function sortProblems(problems: readonly ImportProblem[]): ImportProblem[] {
  return [...problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/** Files the server reads (import/read-table). */
export const acceptedFileTypes =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
