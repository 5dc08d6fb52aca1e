import { io } from 'socket.io-client';
import { rssBytes } from './processes.mjs';

/**
 * How many live-update sockets one instance carries. Opens `count` sockets on
 * /agents as the signed-in user (WebSocket only, as in production), in batches, and measures the
 * time to open them, the server's memory before and after, and how long an Admin's pause takes
 * to reach every one of them (the fan-out every status change makes).
 * @param {{ baseUrl: string, cookie: string, pid: number | undefined, count: number }} options
 */
export async function socketFigures({ baseUrl, cookie, pid, count }) {
  const rssBefore = rssBytes(pid);
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  const openStarted = performance.now();
  try {
    for (let batch = 0; batch < count; batch += 100) {
      const opened = Array.from({ length: Math.min(100, count - batch) }, () => {
        const socket = io(`${baseUrl}/agents`, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { cookie },
        });
        sockets.push(socket);
        return new Promise((resolve, reject) => {
          socket.once('connect', () => resolve(undefined));
          socket.once('connect_error', reject);
        });
      });
      await Promise.all(opened);
    }
    const openMs = performance.now() - openStarted;
    const rssAfter = rssBytes(pid);

    // An Admin's pause goes to everyone signed in: time until the last socket hears it.
    /** @type {number[]} */
    const heardAfter = [];
    const sent = performance.now();
    const everyone = Promise.all(
      sockets.map(
        (socket) =>
          new Promise((resolve) =>
            socket.once('agent:status', () => {
              heardAfter.push(performance.now() - sent);
              resolve(undefined);
            }),
          ),
      ),
    );
    const change = (/** @type {string} */ status) =>
      fetch(`${baseUrl}/api/agents/statuses/deadline-watcher`, {
        method: 'PUT',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    const paused = await change('paused');
    if (!paused.ok) throw new Error(`pausing answered ${paused.status}`);
    await everyone;
    await change('idle');
    heardAfter.sort((a, b) => a - b);
    return {
      count,
      openMs,
      rssBefore,
      rssAfter,
      fanOutMedianMs: heardAfter[Math.floor(heardAfter.length / 2)],
      fanOutLastMs: heardAfter[heardAfter.length - 1],
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
