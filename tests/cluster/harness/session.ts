// The cluster's browser stand-in is the server tests' own (one cookie jar, PUBLIC_URL's Origin on
// writes, `on(url)` for another instance).
export { type Answer, HttpSession as UserSession } from '../../../apps/server/src/test/http-session';
