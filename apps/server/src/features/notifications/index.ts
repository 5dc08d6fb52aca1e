/** What the app may use of notifications. */
export { notificationRoutes } from './routes';
export { notificationsFeature } from './setup';
export { NotificationService } from './service';
