import { Navigate, useSearchParams } from 'react-router';
// The access rules only (no auth code): /login must not pull the auth feature in before it is needed.
import { loginReturningTo } from '../features/auth/access';

/**
 * /login, where an expired session lands (docs/reference/product.md §4): on to the sign-in page, saying the
 * session ended and keeping the page to return to (only if it is a path of ours).
 */
export function SessionEndedRedirect() {
  const [search] = useSearchParams();
  return <Navigate to={loginReturningTo(search.get('redirectTo'))} replace state={{ reason: 'session-ended' }} />;
}
