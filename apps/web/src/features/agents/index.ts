import { lazy } from 'react';

/**
 * What other parts of the app may use from the agents feature. The main layout imports this file
 * for LiveUpdates, so everything else here loads on demand (a component's chunk is fetched when
 * it first renders, inside the caller's Suspense); otherwise it would all ship with the layout.
 */
export { LiveUpdates } from './live/LiveUpdates';
export const SandboxAuthoriserCard = lazy(() =>
  import('./components/SandboxAuthoriserCard').then((module) => ({ default: module.SandboxAuthoriserCard })),
);
export const ClearLogButton = lazy(() =>
  import('./components/ClearLogButton').then((module) => ({ default: module.ClearLogButton })),
);
export const DialogueList = lazy(() =>
  import('./components/DialogueList').then((module) => ({ default: module.DialogueList })),
);
