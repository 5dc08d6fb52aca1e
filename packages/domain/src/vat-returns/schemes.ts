import { z } from 'zod';
import { isCalendarDate } from '../vat/dates';

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });

/**
 * The VAT accounting schemes a business can be on, each from a date (and until one, once it leaves):
 * cash accounting (VAT Notice 731), annual accounting (732), partial exemption (706) and the margin
 * scheme for second-hand goods (718). The flat rate scheme (733) is set per return (FlatRateSettings).
 */
export const vatSchemeKinds = ['cashAccounting', 'annualAccounting', 'partialExemption', 'marginScheme'] as const;
export type VatSchemeKind = (typeof vatSchemeKinds)[number];

/** One scheme a business is on, from `startsOn` to `endsOn` (inclusive; null while it stays on it). */
export const businessSchemeSchema = z.object({
  scheme: z.enum(vatSchemeKinds),
  startsOn: isoDate,
  endsOn: isoDate.nullable(),
});
export type BusinessScheme = z.infer<typeof businessSchemeSchema>;
