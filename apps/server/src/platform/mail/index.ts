/** What features may use of sending mail. */
export type { Mailer } from './mailer';
