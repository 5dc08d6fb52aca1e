/** What other parts of the app may use from paying HMRC. */
export { OwedCard } from './OwedCard';
export { LatenessCosts } from './LatenessCosts';
export { PayNowButton } from './PayNowButton';
export { RecentPayments } from './RecentPayments';
