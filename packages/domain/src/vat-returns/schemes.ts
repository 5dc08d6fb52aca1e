import { z } from 'zod';
import { vrnSchema } from '../hmrc/api';
import type { Assert, IdenticalType } from '../type-checks';
import { isCalendarDate } from '../vat/dates';

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });

/**
 * The VAT accounting schemes a business can be on, each from a date (and until one, once it leaves):
 * cash accounting (VAT Notice 731), annual accounting (732), partial exemption (706) and the margin
 * scheme for second-hand goods (718). The flat rate scheme (733) is set per return (FlatRateSettings).
 */
export const vatSchemeKinds = ['cashAccounting', 'annualAccounting', 'partialExemption', 'marginScheme'] as const;
export type VatSchemeKind = (typeof vatSchemeKinds)[number];

/** How the server's messages and the activity log name each scheme. */
export const schemeNames: Record<VatSchemeKind, string> = {
  cashAccounting: 'cash accounting',
  annualAccounting: 'annual accounting',
  partialExemption: 'partial exemption',
  marginScheme: 'margin scheme',
};

/** One scheme a business is on, from `startsOn` to `endsOn` (inclusive; null while it stays on it). */
export const businessSchemeSchema = z.object({
  scheme: z.enum(vatSchemeKinds),
  startsOn: isoDate,
  endsOn: isoDate.nullable(),
});
export type BusinessScheme = z.infer<typeof businessSchemeSchema>;

/** The spells of one scheme that overlap, as pairs of indexes into `schemes` (none may). */
function overlappingSpells(schemes: readonly BusinessScheme[]): [number, number][] {
  const pairs: [number, number][] = [];
  schemes.forEach((a, i) => {
    schemes.forEach((b, j) => {
      if (j <= i || a.scheme !== b.scheme) return;
      const aEnds = a.endsOn ?? '9999-12-31';
      const bEnds = b.endsOn ?? '9999-12-31';
      if (a.startsOn <= bEnds && b.startsOn <= aEnds) pairs.push([i, j]);
    });
  });
  return pairs;
}

/** PUT /api/vat_schemes: every scheme the business is on or was on, with its dates (the whole list). */
export const vatSchemesBodySchema = z
  .object({ vrn: vrnSchema, schemes: z.array(businessSchemeSchema).max(40) })
  .superRefine(({ schemes }, context) => {
    schemes.forEach((spell, index) => {
      if (spell.endsOn !== null && spell.endsOn < spell.startsOn) {
        context.addIssue({
          code: 'custom',
          path: ['schemes', index, 'endsOn'],
          message: `A scheme cannot end (${spell.endsOn}) before it starts (${spell.startsOn}): change one of the dates`,
        });
      }
    });
    for (const [first, second] of overlappingSpells(schemes)) {
      const a = schemes[first];
      const b = schemes[second];
      context.addIssue({
        code: 'custom',
        path: ['schemes', second, 'startsOn'],
        message: `The ${a ? schemeNames[a.scheme] : ''} spells from ${a?.startsOn ?? ''} and from ${b?.startsOn ?? ''} overlap: a business is on a scheme once at a time, so end the first before the second starts`,
      });
    }
  });
export type VatSchemesBody = z.infer<typeof vatSchemesBodySchema>;

/** GET /api/vat_schemes?vrn= answers the business's schemes, oldest first. */
export interface BusinessSchemes {
  vrn: string;
  schemes: BusinessScheme[];
}
/** The reply schema of GET and PUT /api/vat_schemes. */
export const businessSchemesSchema = z.object({ vrn: z.string(), schemes: z.array(businessSchemeSchema) });
export type BusinessSchemesSchemaMatches = Assert<
  IdenticalType<z.infer<typeof businessSchemesSchema>, BusinessSchemes>
>;

const overlaps = (spell: BusinessScheme, period: { start: string; end: string }) =>
  spell.startsOn <= period.end && (spell.endsOn === null || spell.endsOn >= period.start);

/** The schemes in effect for any day of the period, in vatSchemeKinds' order. */
export function schemesInEffect(
  schemes: readonly BusinessScheme[],
  period: { start: string; end: string },
): VatSchemeKind[] {
  return vatSchemeKinds.filter((kind) => schemes.some((spell) => spell.scheme === kind && overlaps(spell, period)));
}

/** The first day of the earliest spell of `kind` that is in effect for any day of the period, or null. */
export function schemeStartFor(
  schemes: readonly BusinessScheme[],
  kind: VatSchemeKind,
  period: { start: string; end: string },
): string | null {
  const starts = schemes
    .filter((spell) => spell.scheme === kind && overlaps(spell, period))
    .map((spell) => spell.startsOn)
    .sort();
  return starts[0] ?? null;
}
