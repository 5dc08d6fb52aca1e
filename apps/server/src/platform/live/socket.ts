import type { IncomingHttpHeaders } from 'node:http';
import { agentSocket, type AgentSocketEvents, Role } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { ClusterBus, SharedRedis } from '../cluster';
import type { SessionUser } from '../../plugins/access';
import type { LiveEvents } from './events';

export interface LiveSocketOptions {
  events: LiveEvents;
  /** The session behind a handshake's cookie (the same resolver the API uses). */
  resolveUser(request: { headers: IncomingHttpHeaders }): Promise<SessionUser | null>;
  /** Pages that may open the socket (a cross-site page must not ride on the user's cookie). */
  trustedOrigins: string[];
  production: boolean;
  /** With Redis, an event reaches the user's browsers on every instance (socket.io's Redis adapter). */
  redis?: SharedRedis | null;
  /** The other instances, told when a practice's membership changed so they check their sockets too. */
  bus?: ClusterBus;
}

/** What the app keeps of the socket: checking open sockets again after a membership change. */
export interface LiveSocket {
  io: Server;
  /** Checks every open socket against its session again: this instance's when it resolves, the others' soon after. */
  membershipChanged(): Promise<void>;
}

const membershipTopic = 'membership-changed';

const userRoom = (userId: string) => `user:${userId}`;
const adminsRoom = 'admins';

/**
 * The live channel of docs/reference/product.md §7 and 9: socket.io at /socket.io, namespace /agents. A
 * connection needs a valid session; each user joins a room of their own (their agents' dialogue,
 * their runs, their HMRC calls, their deadline warnings) and Admins also the Admins' room (global
 * runs). Everyone signed in hears an Admin's pause, resume or disable.
 */
export function attachLiveSocket(app: FastifyInstance, options: LiveSocketOptions): LiveSocket {
  const io = new Server<Record<string, never>, AgentSocketEvents>(app.server, {
    path: agentSocket.path,
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 180_000,
    transports: options.production ? ['websocket'] : ['polling', 'websocket'],
    cors: { origin: options.trustedOrigins, credentials: true },
    // A page from another site must not open the socket with the user's cookie (cross-site WebSocket hijacking).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || options.trustedOrigins.includes(origin));
    },
  });
  if (options.redis) {
    io.adapter(
      createAdapter(options.redis.connection(), options.redis.connection(), { key: options.redis.key('socket.io') }),
    );
  }
  const namespace = io.of(agentSocket.namespace);

  namespace.use((socket, next) => {
    options
      .resolveUser({ headers: socket.request.headers })
      .then((user) => {
        if (!user || user.role === Role.Guest) return next(new Error('User is not authenticated. Please log in.'));
        socket.data.user = user;
        next();
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'socket session check failed');
        next(new Error('The session could not be checked. Try again.'));
      });
  });

  namespace.on('connection', (socket) => {
    const user = socket.data.user as SessionUser;
    void socket.join(userRoom(user.id));
    // What happens to the workspace's businesses (HMRC calls, deadline warnings) reaches every member.
    if (user.workspaceId !== user.id) void socket.join(userRoom(user.workspaceId));
    if (user.role === Role.Admin) void socket.join(adminsRoom);
  });

  /**
   * A membership ended, a role changed, an invitation was accepted: each socket of this instance
   * resolves its session again (the session cache has just forgotten them all). One whose session
   * ended is disconnected; one whose practice changed leaves the old practice's room and joins the
   * new one, so a removed member hears nothing more of the practice.
   */
  const recheckHere = async () => {
    const sockets = [...namespace.sockets.values()];
    await Promise.all(
      sockets.map(async (socket) => {
        const before = socket.data.user as SessionUser;
        const after = await options.resolveUser({ headers: socket.request.headers }).catch((error: unknown) => {
          app.log.warn({ err: error }, 'socket session re-check failed');
          return null;
        });
        if (!after || after.role === Role.Guest || after.id !== before.id) {
          socket.disconnect(true);
          return;
        }
        socket.data.user = after;
        if (after.workspaceId === before.workspaceId) return;
        if (before.workspaceId !== before.id) await socket.leave(userRoom(before.workspaceId));
        if (after.workspaceId !== after.id) await socket.join(userRoom(after.workspaceId));
      }),
    );
  };
  const recheck = () => {
    recheckHere().catch((error: unknown) => app.log.error({ err: error }, 'sockets could not be checked again'));
  };
  const unsubscribeBus = options.bus?.subscribe(membershipTopic, recheck);

  const unsubscribe = options.events.subscribe(({ audience, name, payload }) => {
    const target =
      audience === 'everyone'
        ? namespace
        : audience === 'admins'
          ? namespace.to(adminsRoom)
          : namespace.to(userRoom(audience.user));
    // The payload's type follows the event's name (LiveEvents.send checks it).
    (target.emit as (event: string, payload: unknown) => boolean)(name, payload);
  });

  // Open sockets would keep the HTTP server from closing: they go first.
  app.addHook('preClose', async () => {
    unsubscribe();
    unsubscribeBus?.();
    namespace.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
  return {
    io,
    async membershipChanged() {
      options.bus?.publish(membershipTopic, {});
      await recheckHere().catch((error: unknown) =>
        app.log.error({ err: error }, 'sockets could not be checked again'),
      );
    },
  };
}
