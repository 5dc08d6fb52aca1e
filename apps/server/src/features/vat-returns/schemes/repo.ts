import type { BusinessScheme, VatSchemeKind } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** SQL for a business's VAT schemes. Every query names the owner (the workspace), as the records do. */
export class VatSchemeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The business's schemes, oldest spell first. */
  async schemes(ownerId: string, vrn: string): Promise<BusinessScheme[]> {
    const rows = await this.db
      .selectFrom('vat_scheme')
      .select(['scheme', 'starts_on', 'ends_on'])
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .orderBy('starts_on')
      .orderBy('scheme')
      .execute();
    return rows.map((row) => ({
      scheme: row.scheme as VatSchemeKind,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
    }));
  }

  /** Replaces the business's schemes with `schemes`, in one transaction. */
  async replace(ownerId: string, vrn: string, schemes: readonly BusinessScheme[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vat_scheme').where('owner_id', '=', ownerId).where('vrn', '=', vrn).execute();
      if (schemes.length === 0) return;
      await trx
        .insertInto('vat_scheme')
        .values(
          schemes.map((spell) => ({
            owner_id: ownerId,
            vrn,
            scheme: spell.scheme,
            starts_on: spell.startsOn,
            ends_on: spell.endsOn,
          })),
        )
        .execute();
    });
  }
}
