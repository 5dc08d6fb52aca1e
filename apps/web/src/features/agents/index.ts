/** What other parts of the app may use from the agents feature. */
export { LiveUpdates } from './live/LiveUpdates';
export { SandboxAuthoriserCard } from './components/SandboxAuthoriserCard';
