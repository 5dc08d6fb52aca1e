/**
 * The embedded HMRC sandbox simulator: HMRC's paths, headers, validation order, error codes and
 * error bodies (docs/reference/hmrc-vat-api.md), offline. A Fastify plugin (plugin.ts) and a standalone entry
 * (standalone.ts, `npm run sandbox`).
 */
export { hmrcSandbox, type HmrcSandboxOptions } from './plugin';
export { defaultApplication, type SandboxApplication } from './oauth/applications';
export { startPageLink } from './oauth/pages';
export { SandboxStore, openMemoryDatabase, openFileDatabase, type SandboxTables } from './store/store';
export { faultKinds, faultTargets, type FaultKind, type FaultTarget } from './platform/faults';
export { scenarioValues, vatEndpoints, type Endpoint } from './scenarios';
export { validateFraudHeaders } from './fraud-headers';
