import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in for GOV.UK does with the next request. */
export type FeedServerMode =
  | { kind: 'ok'; body: string }
  | { kind: 'status'; status: number; body?: string }
  /** Accepts the request and never answers (a hung GOV.UK). */
  | { kind: 'hang' };

/**
 * A real HTTP server on a loopback port standing in for GOV.UK's Atom feed. The test says what it
 * answers, counts the requests it gets, and can stop it to make it unreachable.
 */
export async function startFeedServer(path: string, initial: FeedServerMode) {
  let mode = initial;
  const requests: { url: string; accept: string | undefined }[] = [];
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', accept: request.headers.accept });
    if (request.url !== path) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (mode.kind === 'hang') {
      hung.add(response);
      return;
    }
    if (mode.kind === 'status') {
      response.writeHead(mode.status, { 'content-type': 'text/html' }).end(mode.body ?? '<h1>Sorry</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' }).end(mode.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    /** Every request received so far. */
    requests,
    get count() {
      return requests.length;
    },
    answer(next: FeedServerMode) {
      mode = next;
    },
    /** Stops listening: further requests meet a refused connection. */
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
