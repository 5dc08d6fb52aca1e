import { type Business, Role } from '@vatwise/domain';
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
