import type { BoxTotalsMapping, ImportKind, ImportProblem, TransactionMapping } from '@vatwise/domain';

/**
 * Which column holds which field: guessed from common headings (case and '£' ignored), and checked
 * against the file's own headings before any row is read.
 */

export type ImportMapping = TransactionMapping | BoxTotalsMapping;

export function isTransactionMapping(mapping: ImportMapping): mapping is TransactionMapping {
  return 'net' in mapping;
}

export function isBoxTotalsMapping(mapping: ImportMapping): mapping is BoxTotalsMapping {
  return 'box' in mapping && 'amount' in mapping;
}

/** 'Net (£)' → 'net', 'VAT  Amount:' → 'vat amount'. */
function normaliseHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/£|\bgbp\b/g, '')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/[:.]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each field's usual headings, best first. */
const transactionHeadings = {
  date: ['date', 'invoice date', 'transaction date', 'tax point', 'tax point date', 'date of supply'],
  description: ['description', 'details', 'narrative', 'reference', 'memo', 'particulars'],
  net: ['net', 'net amount', 'amount (ex vat)', 'amount ex vat', 'amount excluding vat', 'net value', 'net total'],
  vat: ['vat', 'vat amount', 'tax', 'tax amount', 'vat value', 'vat total'],
  kind: ['type', 'sale/purchase', 'sale or purchase', 'sales/purchases', 'direction', 'kind'],
  rate: ['rate', 'vat rate', 'tax code', 'tax rate', 'vat code'],
  paidOn: ['paid on', 'payment date', 'date paid', 'paid', 'paid date', 'date of payment', 'fecha de pago'],
} as const;

const boxTotalHeadings = {
  box: ['box', 'box number', 'box no', 'vat box'],
  amount: ['amount', 'value', 'total', 'box total'],
} as const;

function findColumn(columns: string[], candidates: readonly string[], taken: Set<string>): string | null {
  const normalised = columns.map(normaliseHeading);
  for (const candidate of candidates) {
    const index = normalised.indexOf(normaliseHeading(candidate));
    const column = columns[index];
    if (column !== undefined && !taken.has(column)) {
      taken.add(column);
      return column;
    }
  }
  return null;
}

/** The mapping the headings suggest, or null when a required field has no recognisable column. */
export function suggestMapping(kind: ImportKind, columns: string[]): ImportMapping | null {
  const taken = new Set<string>();
  if (kind === 'boxTotals') {
    const box = findColumn(columns, boxTotalHeadings.box, taken);
    const amount = findColumn(columns, boxTotalHeadings.amount, taken);
    return box && amount ? { box, amount } : null;
  }
  const date = findColumn(columns, transactionHeadings.date, taken);
  const net = findColumn(columns, transactionHeadings.net, taken);
  const vat = findColumn(columns, transactionHeadings.vat, taken);
  const description = findColumn(columns, transactionHeadings.description, taken);
  const kindColumn = findColumn(columns, transactionHeadings.kind, taken);
  const rate = findColumn(columns, transactionHeadings.rate, taken);
  const paidOn = findColumn(columns, transactionHeadings.paidOn, taken);
  if (!date || !net || !vat || !description) return null;
  return { date, description, net, vat, kind: kindColumn, defaultKind: 'sale', rate, paidOn };
}

const fieldNames: Record<string, string> = {
  date: 'date',
  description: 'description',
  net: 'net amount',
  vat: 'VAT',
  kind: 'sale or purchase',
  rate: 'VAT rate',
  paidOn: 'payment date',
  box: 'box number',
  amount: 'amount',
};

/** The columns the mapping names, by field. */
export function mappedColumns(mapping: ImportMapping): [field: string, column: string][] {
  if (isTransactionMapping(mapping)) {
    const { date, description, net, vat, kind, rate, paidOn } = mapping;
    const fields: [string, string | null][] = [
      ['date', date],
      ['description', description],
      ['net', net],
      ['vat', vat],
      ['kind', kind],
      ['rate', rate],
      ['paidOn', paidOn],
    ];
    return fields.filter((entry): entry is [string, string] => entry[1] !== null);
  }
  return [
    ['box', mapping.box],
    ['amount', mapping.amount],
  ];
}

/** Problems with the mapping itself: the wrong kind, a column the file does not have, one column for two fields. */
export function checkMapping(kind: ImportKind, mapping: ImportMapping, columns: string[]): ImportProblem[] {
  const whole = (message: string, column: string | null = null): ImportProblem => ({ row: null, column, message });
  if (kind === 'transactions' && !isTransactionMapping(mapping)) {
    return [whole('The columns chosen are for box totals, but this is an import of transactions')];
  }
  if (kind === 'boxTotals' && !isBoxTotalsMapping(mapping)) {
    return [whole('The columns chosen are for transactions, but this is an import of box totals')];
  }
  const problems: ImportProblem[] = [];
  const fileColumns = columns.length > 0 ? columns.map((column) => `"${column}"`).join(', ') : 'none';
  const usedBy = new Map<string, string>();
  for (const [field, column] of mappedColumns(mapping)) {
    if (!columns.includes(column)) {
      problems.push(
        whole(
          `The ${fieldNames[field]} column "${column}" is not in the file. The file's columns are: ${fileColumns}`,
          column,
        ),
      );
      continue;
    }
    const other = usedBy.get(column);
    if (other !== undefined) {
      problems.push(
        whole(
          `The column "${column}" is chosen for both the ${fieldNames[other]} and the ${fieldNames[field]}: choose a different column for one of them`,
          column,
        ),
      );
    }
    usedBy.set(column, field);
  }
  return problems;
}
