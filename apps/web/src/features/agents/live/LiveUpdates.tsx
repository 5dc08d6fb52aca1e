import { Role } from '@vatwise/domain';
import { Suspense, lazy } from 'react';
import { useAuth } from '../../auth';
import { useAfterFirstPaint } from '../../../shared/ui/use-after-first-paint';

const AgentLive = lazy(() => import('./AgentLive'));

/**
 * Opens the live channel while a user (not a guest) is signed in; its code loads only then, and
 * only once the first screen has painted (the socket's code and its first read of the logs are
 * not on the way to it; what happened meanwhile comes with that read).
 */
export function LiveUpdates() {
  const { status, user } = useAuth();
  const painted = useAfterFirstPaint();
  if (!painted || status !== 'signedIn' || !user || user.role === Role.Guest) return null;
  return (
    <Suspense fallback={null}>
      <AgentLive key={user.id} />
    </Suspense>
  );
}
