/** What other features and the app may use of an agent's client requests. */
export { clientRequestsFeature } from './setup';
export { clientRequestRoutes } from './routes';
export type { ClientRequestService, SandboxClientAnswerer } from './service';
export { BulkInvitationService, bulkInvitationRoutes, readClientCsv, readRegistrationDate } from './bulk-invitations';
