import { EventEmitter } from 'node:events';
import type { AgentSocketEvents } from '@vatwise/domain';

/**
 * Who an agent event is for. The socket (socket.ts) turns these into rooms: one room per user, one
 * for Admins, and everybody signed in.
 */
export type Audience = { user: string } | 'admins' | 'everyone';

export type AgentEventName = keyof AgentSocketEvents;

export interface AgentEvent<Name extends AgentEventName = AgentEventName> {
  audience: Audience;
  name: Name;
  payload: Parameters<AgentSocketEvents[Name]>[0];
}

/**
 * The agents' outgoing events, decoupled from socket.io so the agents can be tested (and run)
 * without a socket server. One process; for scale-out, the socket.io Redis adapter would carry
 * the rooms between processes.
 */
export class AgentEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every connected browser does not subscribe here: only the socket server and tests do.
    this.emitter.setMaxListeners(20);
  }

  send<Name extends AgentEventName>(
    audience: Audience,
    name: Name,
    payload: Parameters<AgentSocketEvents[Name]>[0],
  ): void {
    this.emitter.emit('event', { audience, name, payload } satisfies AgentEvent<Name>);
  }

  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
