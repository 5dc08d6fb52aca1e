import { EventEmitter } from 'node:events';
import type { AgentSocketEvents } from '@vatwise/domain';

/**
 * Who a live event is for. The socket (socket.ts) turns these into rooms: one room per user, one
 * for Admins, and everybody signed in.
 */
export type Audience = { user: string } | 'admins' | 'everyone';

export type LiveEventName = keyof AgentSocketEvents;

export interface LiveEvent<Name extends LiveEventName = LiveEventName> {
  audience: Audience;
  name: Name;
  payload: Parameters<AgentSocketEvents[Name]>[0];
}

/**
 * The events features send to the browsers (an agent's status, the VAT dialogue, an import's
 * progress, a notification...), decoupled from socket.io so features can be tested (and run)
 * without a socket server. In this process; with Redis, the socket.io Redis adapter carries the
 * rooms to the other instances (socket.ts).
 */
export class LiveEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every connected browser does not subscribe here: only the socket server and tests do.
    this.emitter.setMaxListeners(20);
  }

  send<Name extends LiveEventName>(
    audience: Audience,
    name: Name,
    payload: Parameters<AgentSocketEvents[Name]>[0],
  ): void {
    this.emitter.emit('event', { audience, name, payload } satisfies LiveEvent<Name>);
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
