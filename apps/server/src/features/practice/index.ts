/** What other features and the app may use of practices. */
export { PracticeRepo } from './repo';
export { PracticeService, type ActivityLog, type ActivityKind, type ActivityListener } from './service';
export { practiceRoutes } from './routes';
export { assertTwoFactorIfRequired } from './two-factor';
export { PracticeClientRepo, PracticeClientService } from './clients';
export { PracticeAuditLog } from './audit';
export { practiceWorkRoutes } from './work-routes';
