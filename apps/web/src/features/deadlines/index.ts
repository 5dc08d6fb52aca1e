/** What other parts of the app may use of the VAT deadlines (the server's deadlines slice). */
export { DeadlinesCard } from './DeadlinesCard';
