/** What the app may use of the practice dashboard. */
export { dashboardFeature } from './setup';
export { dashboardRoutes } from './routes';
