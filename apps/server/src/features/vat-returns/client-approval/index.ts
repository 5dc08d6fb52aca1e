/** The client's approval of a return through a link (docs/practice.md). */
export { ClientApprovalRepo } from './repo';
export { clientApprovalHooks, type ClientApprovalHooks } from './hooks';
export { ClientApprovalService } from './service';
export { clientApprovalRoutes } from './routes';
