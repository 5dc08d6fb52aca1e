import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * A small load balancer: each HTTP request and each WebSocket upgrade goes to the next instance in
 * turn (round robin), with X-Forwarded-For/-Proto/-Host added as a real proxy adds them. An
 * instance that does not answer gets a 502, as from nginx or Caddy.
 */
export interface RoundRobinProxy {
  url: string;
  /** The instances' base URLs, in turn; the harness fills it once they are known. */
  targets: string[];
  /** How many requests and upgrades each target has been sent. */
  sent: Map<string, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: string[] = []): Promise<RoundRobinProxy> {
  const proxy = createProxyServer({ xfwd: true, ws: true });
  const sent = new Map<string, number>();
  const sockets = new Set<Socket>();
  let turn = 0;
  const next = (): string | undefined => {
    if (targets.length === 0) return undefined;
    const target = targets[turn % targets.length];
    turn += 1;
    if (target) sent.set(target, (sent.get(target) ?? 0) + 1);
    return target;
  };

  proxy.on('error', (error, _request, response) => {
    // An HTTP answer not yet begun becomes a 502; a WebSocket's raw socket is just closed.
    if (response instanceof http.ServerResponse) {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`Bad gateway: ${error.message}`);
    } else (response as Socket | undefined)?.destroy();
  });

  const server = http.createServer((request, response) => {
    const target = next();
    if (!target) {
      response.writeHead(503).end('No instance to send to');
      return;
    }
    proxy.web(request, response, { target });
  });
  server.on('upgrade', (request, socket: Socket, head) => {
    const target = next();
    if (!target) {
      socket.destroy();
      return;
    }
    proxy.ws(request, socket, head, { target });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    sent,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
