import { type Business, Role } from '@vatwise/domain';
import { leftToRightIn } from '../../shared/format/bidi';
import { useAuth } from '../auth';
import { hmrcApi } from './api';

/**
 * Whether the signed-in account may have businesses: accounts that may use HMRC do, visitors,
 * guests and Guest-role accounts do not. Known from the account alone, so a component that asks
 * only this is not drawn again while the businesses load.
 */
export function useHasBusinesses(): boolean {
  const { status, user } = useAuth();
  return status === 'signedIn' && user?.role !== Role.Guest;
}

/**
 * The business (VRN) the user is working on: the one they chose last, remembered by the server so
 * it follows them to another device. Guests and visitors have none.
 */
export function useCurrentBusiness() {
  const hasBusinesses = useHasBusinesses();
  const query = hmrcApi.useBusinessesQuery(undefined, { skip: !hasBusinesses });
  const [select, selecting] = hmrcApi.useSelectBusinessMutation();
  const businesses: Business[] = query.data?.businesses ?? [];
  const business = businesses.find((candidate) => candidate.vrn === query.data?.current) ?? businesses[0];
  return {
    hasBusinesses,
    business,
    businesses,
    isLoading: query.isLoading,
    error: query.error,
    select: (vrn: string) => select({ vrn }),
    isSelecting: selecting.isLoading,
  };
}

/**
 * '123 4567 89', as a VAT registration number is written on HMRC's letters; in a right-to-left
 * language one left-to-right run (a VRN put into a translated sentence is isolated there anyway).
 */
export function formatVrn(vrn: string, language = 'en'): string {
  const grouped = /^\d{9}$/.test(vrn) ? `${vrn.slice(0, 3)} ${vrn.slice(3, 7)} ${vrn.slice(7)}` : vrn;
  return leftToRightIn(grouped, language);
}
