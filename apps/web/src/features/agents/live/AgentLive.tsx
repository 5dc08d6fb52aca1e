import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { agentSocket, type AgentSocketEvents } from '@vatwise/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { io, type Socket } from 'socket.io-client';
import { clientConfig } from '../../../shared/config/client-config';
import { agentDialogueLog, vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { formatDate } from '../../../shared/format/format';
import { importProgressFeed } from '../../../shared/live/import-progress';
import { followWorkspaceChanges } from '../../../shared/live/workspace-changes';
import type { RootState } from '../../../shared/store/root';
import { notify } from '../../../shared/toasts/notifier';
import { agentsApi } from '../api';
import { setLiveState } from './connection-state';
import { fromAgentEntry, fromVatEntry } from './entries';

const production = clientConfig.environment === 'production';

/** docs/reference/product.md §9's socket settings. */
export const socketOptions = {
  path: agentSocket.path,
  withCredentials: true,
  autoConnect: false,
  reconnectionDelay: 1000,
  reconnectionAttempts: production ? 3 : 5,
  timeout: 10_000,
  transports: production ? ['websocket'] : ['polling', 'websocket'],
};

/**
 * The live channel for a signed-in user (mounted by the main area's layout): connects to the
 * /agents socket, loads the stored dialogue logs, and keeps the statuses, logs, deadline toasts,
 * imports' progress and the workspace's businesses and returns current as events arrive.
 * Renders nothing.
 */
export default function AgentLive() {
  const { t, i18n } = useTranslation('agents');
  const dispatch = useDispatch<ThunkDispatch<RootState, unknown, UnknownAction>>();
  // The toasts speak the current language without a language change reopening the socket.
  const words = useRef({ t, language: i18n.language });
  useEffect(() => {
    words.current = { t, language: i18n.language };
  });

  useEffect(() => {
    const socket: Socket<AgentSocketEvents> = io(agentSocket.namespace, socketOptions);
    const { events } = agentSocket;

    /** The stored logs, read again after each (re)connection so nothing sent while away is missed. */
    const loadLogs = async () => {
      const request = dispatch(agentsApi.endpoints.userLogs.initiate(undefined, { forceRefetch: true }));
      try {
        const logs = await request.unwrap();
        agentDialogueLog.merge(logs.agent.map(fromAgentEntry));
        vatDialogueLog.merge(logs.vat.map(fromVatEntry));
      } catch {
        // The live lines still arrive; the stored ones come with the next connection.
      } finally {
        request.unsubscribe();
      }
    };

    socket.on('connect', () => {
      setLiveState('live');
      void loadLogs();
      dispatch(agentsApi.util.invalidateTags(['Agents']));
    });
    socket.on('disconnect', () => setLiveState('lost'));
    socket.on('connect_error', () => setLiveState('lost'));
    socket.io.on('reconnect_attempt', () => setLiveState('connecting'));
    // Read again rather than patched in: what a status looks like depends on who asks (an Admin
    // also sees global runs), and the server says that.
    socket.on(events.status, () => dispatch(agentsApi.util.invalidateTags(['Agents'])));
    socket.on(events.agentLog, (entry) => agentDialogueLog.merge([fromAgentEntry(entry)]));
    socket.on(events.vatLog, (entry) => vatDialogueLog.merge([fromVatEntry(entry)]));
    socket.on(events.logsCleared, (store) => (store === 'agent' ? agentDialogueLog : vatDialogueLog).reset());
    socket.on(events.importProgress, (progress) => importProgressFeed.publish(progress));
    const stopFollowingWorkspace = followWorkspaceChanges(socket, dispatch);
    // A new notification, or any that came while the socket was away: the bell reads its list again.
    const readNotificationsAgain = () => dispatch(agentsApi.util.invalidateTags(['Notifications']));
    socket.on(events.notification, readNotificationsAgain);
    socket.on('connect', readNotificationsAgain);
    socket.on(events.deadline, (alert) => {
      const { t, language } = words.current;
      const values = {
        business: alert.businessName,
        start: formatDate(alert.start, language),
        end: formatDate(alert.end, language),
        due: formatDate(alert.due, language),
        count: Math.abs(alert.daysLeft),
      };
      notify({
        id: `deadline-${alert.key}`,
        type: alert.level === 'overdue' || alert.level === 'due1' ? 'error' : 'warning',
        title: t(`deadlines.${alert.level}.title`, values),
        message: t(`deadlines.${alert.level}.message`, values),
        timeOut: 0,
      });
    });

    agentDialogueLog.setRemoteClear(() => dispatch(agentsApi.endpoints.clearAgentLog.initiate()).unwrap());
    vatDialogueLog.setRemoteClear(() => dispatch(agentsApi.endpoints.clearVatLog.initiate()).unwrap());
    // Reconnection gives up after the product reference's few attempts; coming back online tries again.
    const onOnline = () => {
      if (!socket.connected) {
        setLiveState('connecting');
        socket.connect();
      }
    };
    window.addEventListener('online', onOnline);
    setLiveState('connecting');
    socket.connect();

    return () => {
      window.removeEventListener('online', onOnline);
      stopFollowingWorkspace();
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      agentDialogueLog.setRemoteClear(undefined);
      vatDialogueLog.setRemoteClear(undefined);
      // Another user may sign in next in this browser.
      agentDialogueLog.reset();
      vatDialogueLog.reset();
      importProgressFeed.reset();
      setLiveState('off');
    };
  }, [dispatch]);

  return null;
}
