/** What the app and other features may use of deadlines and reminders. */
export { deadlineRoutes } from './routes';
export { DigestService } from './digest';
