/** What other parts of the app may use of GOV.UK's HMRC news (the server's hmrc-feed slice). */
export { HmrcNewsCard } from './HmrcNewsCard';
