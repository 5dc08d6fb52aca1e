/** What other parts of the app may use from the HMRC connection feature. */
export { BusinessSwitcher } from './components/BusinessSwitcher';
export { formatVrn, useCurrentBusiness, useHasBusinesses } from './use-current-business';
export { hmrcApi } from './api';
export { seedPageBusinesses } from './page-businesses';
