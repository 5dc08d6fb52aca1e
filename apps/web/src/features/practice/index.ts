/** What other features may use of the practice screens (eslint.config.js enforces it). */
export { useCan } from './use-can';
export { ownWorkApi } from './own-work-api';
