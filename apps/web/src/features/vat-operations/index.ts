/** What other parts of the app may use from the VAT operations feature. */
export { vatApi } from './api';
