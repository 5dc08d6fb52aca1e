/** What the app may use of bringing a person's own work into a practice. */
export { WorkspaceMoveRepo } from './repo';
export { WorkspaceMoveService } from './service';
export { workspaceMoveRoutes } from './routes';
