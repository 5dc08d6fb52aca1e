/** What other features may use of the practice screens (eslint.config.js enforces it). */
export { useCan } from './use-can';
export { ownWorkApi } from './own-work-api';
// Working across many clients: assigning them to members.
export { AssigneeSelect } from './components/AssigneeSelect';
export { practiceClientsApi } from './clients-api';
