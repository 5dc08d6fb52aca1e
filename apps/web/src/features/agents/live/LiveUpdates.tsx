import { Role } from '@vatwise/domain';
import { Suspense, lazy } from 'react';
import { useAuth } from '../../auth';

const AgentLive = lazy(() => import('./AgentLive'));

/** Opens the live channel while a user (not a guest) is signed in; its code loads only then. */
export function LiveUpdates() {
  const { status, user } = useAuth();
  if (status !== 'signedIn' || !user || user.role === Role.Guest) return null;
  return (
    <Suspense fallback={null}>
      <AgentLive key={user.id} />
    </Suspense>
  );
}
