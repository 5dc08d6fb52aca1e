/**
 * The flat rate scheme's trade sectors and percentages (docs/reference/vat-rules.md §2.8: VAT Regs 1995 reg 55K Table as
 * in force from 4 January 2011, with the hospitality rates back to normal from 1 April 2022). Codes are
 * HMRC's `frsCategory` codes; match on the code, never on the name. Rates are in tenths of a per cent
 * (14.5% = 145) so they stay whole numbers.
 */

export interface FlatRateSector {
  /** HMRC's frsCategory code, '001'..'055'. */
  code: string;
  name: string;
  /** The sector's flat rate in tenths of a per cent. */
  rateTenths: number;
}

/**
 * All 55 sectors. '055' (waste or scrap) is in the law and HMRC's API but missing from the GOV.UK web
 * table; it is offered like the others (docs/reference/vat-rules.md §2.8 note c).
 */
export const flatRateSectors: readonly FlatRateSector[] = Object.freeze([
  { code: '001', name: 'Accountancy or book-keeping', rateTenths: 145 },
  { code: '002', name: 'Advertising', rateTenths: 110 },
  { code: '003', name: 'Agricultural services', rateTenths: 110 },
  { code: '004', name: 'Any other activity not listed elsewhere', rateTenths: 120 },
  { code: '005', name: 'Architect, civil and structural engineer or surveyor', rateTenths: 145 },
  { code: '006', name: 'Boarding or care of animals', rateTenths: 120 },
  { code: '007', name: 'Business services not listed elsewhere', rateTenths: 120 },
  { code: '008', name: 'Catering services including restaurants and takeaways', rateTenths: 125 },
  { code: '009', name: 'Computer and IT consultancy or data processing', rateTenths: 145 },
  { code: '010', name: 'Computer repair services', rateTenths: 105 },
  { code: '011', name: 'Entertainment or journalism', rateTenths: 125 },
  { code: '012', name: 'Estate agency or property management services', rateTenths: 120 },
  { code: '013', name: 'Farming or agriculture not listed elsewhere', rateTenths: 65 },
  { code: '014', name: 'Film, radio, television or video production', rateTenths: 130 },
  { code: '015', name: 'Financial services', rateTenths: 135 },
  { code: '016', name: 'Forestry or fishing', rateTenths: 105 },
  {
    code: '017',
    name: 'General building or construction services (materials 10% or more of turnover from those services)',
    rateTenths: 95,
  },
  { code: '018', name: 'Hairdressing or other beauty treatment services', rateTenths: 130 },
  { code: '019', name: 'Hiring or renting goods', rateTenths: 95 },
  { code: '020', name: 'Hotel or accommodation', rateTenths: 105 },
  { code: '021', name: 'Investigation or security', rateTenths: 120 },
  {
    code: '022',
    name: 'Labour-only building or construction services (materials under 10% of turnover from those services)',
    rateTenths: 145,
  },
  { code: '023', name: 'Laundry or dry-cleaning services', rateTenths: 120 },
  { code: '024', name: 'Lawyer or legal services', rateTenths: 145 },
  { code: '025', name: 'Library, archive, museum or other cultural activity', rateTenths: 95 },
  { code: '026', name: 'Management consultancy', rateTenths: 140 },
  { code: '027', name: 'Manufacturing fabricated metal products', rateTenths: 105 },
  { code: '028', name: 'Manufacturing food', rateTenths: 90 },
  { code: '029', name: 'Manufacturing not listed elsewhere', rateTenths: 95 },
  { code: '030', name: 'Manufacturing yarn, textiles or clothing', rateTenths: 90 },
  { code: '031', name: 'Membership organisation', rateTenths: 80 },
  { code: '032', name: 'Mining or quarrying', rateTenths: 100 },
  { code: '033', name: 'Packaging', rateTenths: 90 },
  { code: '034', name: 'Photography', rateTenths: 110 },
  { code: '035', name: 'Post offices', rateTenths: 50 },
  { code: '036', name: 'Printing', rateTenths: 85 },
  { code: '037', name: 'Publishing', rateTenths: 110 },
  { code: '038', name: 'Pubs', rateTenths: 65 },
  { code: '039', name: 'Real estate activity not listed elsewhere', rateTenths: 140 },
  { code: '040', name: 'Repairing personal or household goods', rateTenths: 100 },
  { code: '041', name: 'Repairing vehicles', rateTenths: 85 },
  { code: '042', name: 'Retailing food, confectionery, tobacco, newspapers or children’s clothing', rateTenths: 40 },
  { code: '043', name: 'Retailing pharmaceuticals, medical goods, cosmetics or toiletries', rateTenths: 80 },
  { code: '044', name: 'Retailing not listed elsewhere', rateTenths: 75 },
  { code: '045', name: 'Retailing vehicles or fuel', rateTenths: 65 },
  { code: '046', name: 'Secretarial services', rateTenths: 130 },
  { code: '047', name: 'Social work', rateTenths: 110 },
  { code: '048', name: 'Sport or recreation', rateTenths: 85 },
  { code: '049', name: 'Transport or storage, including couriers, freight, removals and taxis', rateTenths: 100 },
  { code: '050', name: 'Travel agency', rateTenths: 105 },
  { code: '051', name: 'Veterinary medicine', rateTenths: 110 },
  { code: '052', name: 'Wholesaling agricultural products', rateTenths: 80 },
  { code: '053', name: 'Wholesaling food', rateTenths: 75 },
  { code: '054', name: 'Wholesaling not listed elsewhere', rateTenths: 85 },
  { code: '055', name: 'Dealing in waste or scrap', rateTenths: 105 },
]);

/** The rate a limited cost trader uses in any sector, from 1 April 2017 (docs/reference/vat-rules.md §2.5): 16.5%. */
export const limitedCostRateTenths = 165;

/** The first-year reduction: one percentage point off, until the day before the first anniversary of registration (docs/reference/vat-rules.md §2.4). */
export const firstYearReductionTenths = 10;

const sectorsByCode = new Map(flatRateSectors.map((sector) => [sector.code, sector]));

/** The sector with HMRC's code ('009'), or undefined for an unknown code (such as HMRC's '999', data migrated). */
export function flatRateSector(code: string): FlatRateSector | undefined {
  return sectorsByCode.get(code);
}

/** A rate less the first-year reduction (never below 0). */
export function firstYearRateTenths(rateTenths: number): number {
  return Math.max(0, rateTenths - firstYearReductionTenths);
}
