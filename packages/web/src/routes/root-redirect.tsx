import { Navigate, useSearchParams } from 'react-router-dom';

/**
 * The root address: /entry, or /login when the generic 401 handler sent the browser here with
 * expired=true (spec 1 §8), so that a signed-out user lands where they can sign in again.
 */
export function RootRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={params.get('expired') === 'true' ? '/login' : '/entry'} replace />;
}
