import { Role } from '@vatwise/domain';
import { useAuth } from '../../auth';
import { useAfterFirstPaint, useBackgroundModule } from '../../../shared/ui/use-after-first-paint';

const loadAgentLive = () => import('./AgentLive');

/**
 * Opens the live channel while a user (not a guest) is signed in; its code loads only then, and
 * only once the first screen has painted (the socket's code and its first read of the logs are
 * not on the way to it; what happened meanwhile comes with that read). Offline, its code waits
 * for the connection instead of failing the page.
 */
export function LiveUpdates() {
  const { status, user } = useAuth();
  const painted = useAfterFirstPaint();
  const wanted = painted && status === 'signedIn' && !!user && user.role !== Role.Guest;
  const AgentLive = useBackgroundModule(loadAgentLive, wanted)?.default;
  if (!wanted || !user || !AgentLive) return null;
  return <AgentLive key={user.id} />;
}
