/** What other parts of the app may use of working across many clients. */
export { AssigneeSelect } from './AssigneeSelect';
export { PendingInvitations } from './PendingInvitations';
export { practiceClientsApi } from './api';
