import type { AgentInfo, AgentLogEntry, VatLogEntry, DeadlineAlertEvent } from './api';
import type { ImportProgress } from '../vat-returns/api';

// Apart from the schemas in ./api, so the live channel's chunk can name its socket without loading zod.

/** The socket's namespace, path and events (docs/reference/product.md §7 and 9). */
export const agentSocket = {
  namespace: '/agents',
  path: '/socket.io',
  events: {
    status: 'agent:status',
    agentLog: 'agent:log',
    vatLog: 'vat:log',
    deadline: 'deadline:alert',
    logsCleared: 'logs:cleared',
    importProgress: 'import:progress',
    businessesChanged: 'businesses:changed',
    returnChanged: 'return:changed',
    notification: 'notification:new',
  },
} as const;

export interface AgentSocketEvents {
  'agent:status': (agent: AgentInfo) => void;
  'agent:log': (entry: AgentLogEntry) => void;
  'vat:log': (entry: VatLogEntry) => void;
  'deadline:alert': (alert: DeadlineAlertEvent) => void;
  'logs:cleared': (store: 'agent' | 'vat') => void;
  /** An import of the user's running on the server (features/vat-returns). */
  'import:progress': (progress: ImportProgress) => void;
  /**
   * A business of the workspace was connected, added, moved to another authority or removed (a
   * client's acceptance adds one): its members' screens read their lists again.
   */
  'businesses:changed': (change: BusinessesChange) => void;
  /** A return of the workspace was marked ready, approved, sent back or given a note (practice review). */
  'return:changed': (change: ReturnChange) => void;
  /** A notification for this user was stored (features/notifications): the bell reads its list again. */
  'notification:new': (notice: NotificationNotice) => void;
}

/**
 * What changed, by its ids only: each browser reads what its user may see through the API, so no
 * business or return data travels on the socket.
 */
export interface BusinessesChange {
  vrn: string;
}

export interface ReturnChange {
  /** The return's id. */
  id: string;
  vrn: string;
}

export interface NotificationNotice {
  /** The notification's id. */
  id: string;
}
