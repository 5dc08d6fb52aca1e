import {
  type AdjustmentType,
  type EnterableBox,
  type Treatment,
  type VatRateKind,
  type VatRecord,
  type VatRecordInput,
  enterableBoxes,
  isCalendarDate,
  vatRecordInputSchema,
} from '@vatwise/domain';
import { parsePounds, penceToInput } from '../common/money-input';

/**
 * The record form's fields, all as typed (text), and the rule that turns them into a record for the
 * API. Kept apart from the form so the rules can be tested without a browser.
 */
export type RecordKind = VatRecordInput['kind'];

export interface RecordValues {
  kind: RecordKind;
  date: string;
  description: string;
  net: string;
  vat: string;
  rate: VatRateKind;
  treatment: Treatment;
  box: string;
  amount: string;
  adjustmentType: AdjustmentType;
  reason: string;
  /** A sale's or purchase's payment date, or '' while unpaid (cash accounting counts it then). */
  paidOn: string;
}

/** Each field's problem as a translation key under vatReturns:recordForm.errors. */
export type RecordErrors = Partial<Record<keyof RecordValues, string>>;

export function emptyRecordValues(kind: RecordKind, date: string): RecordValues {
  return {
    kind,
    date,
    description: '',
    net: '',
    vat: '',
    rate: 'standard',
    treatment: 'normal',
    box: '',
    amount: '',
    adjustmentType: 'errorCorrection',
    reason: '',
    paidOn: '',
  };
}

export function valuesFromRecord(record: VatRecord): RecordValues {
  const values = emptyRecordValues(record.kind, record.date);
  values.description = record.description;
  if (record.kind === 'adjustment' || record.kind === 'boxTotal') {
    const moved = { ...values, box: String(record.box), amount: penceToInput(record.amountPence) };
    return record.kind === 'adjustment'
      ? { ...moved, adjustmentType: record.adjustmentType, reason: record.reason }
      : moved;
  }
  return {
    ...values,
    net: penceToInput(record.netPence),
    vat: penceToInput(record.vatPence),
    rate: record.rate,
    treatment: record.treatment,
    paidOn: record.paidOn ?? '',
  };
}

const toBox = (text: string): EnterableBox | undefined => enterableBoxes.find((box) => String(box) === text);

/**
 * The record to send, or what to fix first. The date must fall in the period, or the record would
 * not count in this return; under cash accounting (`cashAccounting`) a sale or purchase paid in the
 * period counts in it whatever its date.
 */
export function buildRecordInput(
  values: RecordValues,
  period: { start: string; end: string },
  cashAccounting = false,
): { input: VatRecordInput } | { errors: RecordErrors } {
  const errors: RecordErrors = {};
  const inPeriod = (date: string) => date >= period.start && date <= period.end;
  const transaction = values.kind === 'sale' || values.kind === 'purchase';
  const paidOn = transaction ? values.paidOn : '';
  if (paidOn && !isCalendarDate(paidOn)) errors.paidOn = 'dateInvalid';
  if (!isCalendarDate(values.date)) errors.date = 'dateInvalid';
  else if (!inPeriod(values.date) && !(cashAccounting && transaction && inPeriod(paidOn))) {
    errors.date = cashAccounting && transaction ? 'dateOutsidePeriodCash' : 'dateOutsidePeriod';
  }
  const description = values.description.trim();
  if (!description) errors.description = 'descriptionRequired';
  else if (description.length > 200) errors.description = 'descriptionTooLong';

  let input: VatRecordInput | undefined;
  if (values.kind === 'sale' || values.kind === 'purchase') {
    const netPence = parsePounds(values.net);
    const vatPence = parsePounds(values.vat);
    if (netPence === null) errors.net = 'amountInvalid';
    if (vatPence === null) errors.vat = 'amountInvalid';
    if (netPence !== null && vatPence !== null) {
      input = {
        kind: values.kind,
        date: values.date,
        description,
        netPence,
        vatPence,
        rate: values.rate,
        treatment: values.treatment,
        ...(paidOn ? { paidOn } : {}),
      };
    }
  } else {
    const box = toBox(values.box);
    const amountPence = parsePounds(values.amount);
    if (!box) errors.box = 'boxRequired';
    if (amountPence === null) errors.amount = 'amountInvalid';
    const reason = values.reason.trim();
    if (values.kind === 'adjustment' && reason.length < 3) errors.reason = 'reasonRequired';
    else if (values.kind === 'adjustment' && reason.length > 500) errors.reason = 'reasonTooLong';
    if (box && amountPence !== null) {
      input =
        values.kind === 'adjustment'
          ? {
              kind: 'adjustment',
              date: values.date,
              description,
              box,
              amountPence,
              adjustmentType: values.adjustmentType,
              reason,
            }
          : { kind: 'boxTotal', date: values.date, description, box, amountPence };
    }
  }
  if (Object.keys(errors).length > 0 || !input) return { errors };
  // The server's own schema, as a last check that nothing above let through a record it would refuse.
  const checked = vatRecordInputSchema.safeParse(input);
  return checked.success ? { input: checked.data } : { errors: { description: 'notValid' } };
}
