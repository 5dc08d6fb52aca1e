/** What other features may use of the user records (eslint.config.js enforces it). */
export { findUserRecord } from './repo';
