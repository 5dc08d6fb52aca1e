/** What the app may use of paying HMRC (eslint.config.js enforces it). */
export { paymentRoutes } from './routes';
export { PaymentService } from './service';
export { PaymentJourneyRepo } from './repo';
