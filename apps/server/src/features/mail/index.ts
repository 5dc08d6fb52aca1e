/** What other features may use of sending mail (eslint.config.js enforces it). */
export type { Mailer } from './mailer';
