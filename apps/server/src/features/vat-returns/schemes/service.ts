import { type BusinessScheme, type BusinessSchemes, schemeNames } from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import type { HmrcConnectionService } from '../../hmrc-connection';
import type { ActivityLog } from '../../practice';
import type { VatSchemeRepo } from './repo';

/** How a list of schemes reads in a business's activity. */
const schemesLabel = (schemes: readonly BusinessScheme[]) =>
  schemes.length === 0
    ? 'No VAT schemes'
    : schemes
        .map(
          (spell) => `${schemeNames[spell.scheme]} from ${spell.startsOn}${spell.endsOn ? ` to ${spell.endsOn}` : ''}`,
        )
        .join('; ');

/**
 * The VAT schemes a business is on: cash accounting and the others, each from a date. They
 * belong to the business in the workspace, as its records do, and every return of theirs follows them.
 */
export class VatSchemeService {
  constructor(
    private readonly deps: {
      repo: VatSchemeRepo;
      connections: Pick<HmrcConnectionService, 'assertBusiness'>;
      activity: ActivityLog;
    },
  ) {}

  async schemes(user: SessionUser, vrn: string): Promise<BusinessSchemes> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    return { vrn, schemes: await this.deps.repo.schemes(user.workspaceId, vrn) };
  }

  /** Sets the whole list (already checked: vatSchemesBodySchema refuses overlaps and backward dates). */
  async setSchemes(user: SessionUser, vrn: string, schemes: readonly BusinessScheme[]): Promise<BusinessSchemes> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    await this.deps.repo.replace(user.workspaceId, vrn, schemes);
    await this.deps.activity.record(user, vrn, 'schemes_changed', schemesLabel(schemes));
    return this.schemes(user, vrn);
  }
}
