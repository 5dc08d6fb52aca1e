/** What other parts of the app may use from the HMRC connection feature. */
export { BusinessSwitcher } from './components/BusinessSwitcher';
export { useCurrentBusiness, useHasBusinesses } from './use-current-business';
export { hmrcApi } from './api';
// On the practice dashboard: requests to clients still waiting for an answer.
export { PendingInvitations } from './components/PendingInvitations';
export { seedPageBusinesses } from './page-businesses';
