import { useAuth } from '../auth';
import { useDeferredModule } from '../../shared/ui/use-after-first-paint';
import { FIRST_PAGE, notificationsApi } from './api';
import { BellButton } from './BellButton';

// The list's pop-over needs a floating-position library no page needs to start: the plain bell is
// drawn with its count, and the list's code loads when the person reaches for it.
const loadPanel = () => import('./NotificationPanel');

/** The bell in the main area's header, for account holders (a Guest is told nothing). */
export function NotificationBell() {
  const user = useAuth().user;
  const told = user !== null && user !== undefined && !user.isGuest;
  const page = notificationsApi.useNotificationsQuery({ limit: FIRST_PAGE }, { skip: !told });
  const deferred = useDeferredModule(loadPanel, 'intent');
  if (!told) return null;
  const unread = page.data?.unread ?? 0;
  const Panel = deferred.module?.default;
  return Panel ? (
    <Panel unread={unread} openAtOnce={deferred.openAtOnce} />
  ) : (
    <BellButton unread={unread} {...deferred.plainHandlers} onClick={deferred.press} />
  );
}
