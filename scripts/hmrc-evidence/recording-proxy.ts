import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import type { Exchange, HeaderMap } from './model';

/**
 * A small recording HTTP proxy in front of HMRC (the simulator, or HMRC's sandbox): VAT Wise's
 * HMRC_BASE_URL points here. Each request is forwarded as it came (Host rewritten, hop-by-hop
 * headers dropped) and kept with HMRC's answer: method, path and query, headers as sent, body,
 * status, answer headers and body (decompressed for reading; passed on as it came), and timing.
 */
export interface RecordingProxy {
  url: string;
  /** Every exchange so far, in arrival order. */
  exchanges: Exchange[];
  /** The journey the next requests belong to. */
  scenario: string;
  /** Resolves once no request is in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Names as they came on the wire; a repeated header's values joined with ", ". */
function headerMap(raw: string[]): HeaderMap {
  const map: HeaderMap = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] ?? '';
    const value = raw[index + 1] ?? '';
    const existing = Object.keys(map).find((key) => key.toLowerCase() === name.toLowerCase());
    if (existing) map[existing] = `${map[existing]}, ${value}`;
    else map[name] = value;
  }
  return map;
}

function readable(body: Buffer, encoding: string | undefined): string {
  try {
    switch (encoding?.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return zlib.gunzipSync(body).toString('utf8');
      case 'deflate':
        return zlib.inflateSync(body).toString('utf8');
      case 'br':
        return zlib.brotliDecompressSync(body).toString('utf8');
      default:
        return body.toString('utf8');
    }
  } catch {
    return `(${body.length} bytes of ${encoding} that did not decode)`;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function startRecordingProxy(upstreamBase: string): Promise<RecordingProxy> {
  const upstream = new URL(upstreamBase);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const transport = upstream.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const exchanges: Exchange[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  let nextId = 1;

  const proxy: RecordingProxy = {
    url: '',
    exchanges,
    scenario: 'setup',
    async idle() {
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((request, response) => {
    inFlight += 1;
    const id = nextId++;
    const started = Date.now();
    const scenario = proxy.scenario;
    const url = request.url ?? '/';
    const requestHeaders = headerMap(request.rawHeaders);
    let requestBodyText = '';
    const record = (fields: Pick<Exchange, 'status' | 'responseHeaders' | 'responseBody'> & { error?: string }) => {
      exchanges.push({
        id,
        scenario,
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        method: request.method ?? 'GET',
        url,
        requestHeaders,
        requestBody: requestBodyText,
        ...fields,
      });
      exchanges.sort((a, b) => a.id - b.id);
    };
    const done = () => {
      inFlight -= 1;
      if (inFlight === 0) {
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve();
      }
    };

    void (async () => {
      try {
        const body = await readAll(request);
        requestBodyText = readable(body, request.headers['content-encoding']);
        const forwarded: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (!hopByHop.has(name) && value !== undefined) forwarded[name] = value;
        }
        forwarded.host = upstream.host;
        const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const outgoing = transport.request(
            {
              protocol: upstream.protocol,
              hostname: upstream.hostname,
              port: upstream.port || undefined,
              method: request.method,
              path: `${basePath}${url}`,
              headers: forwarded,
              agent,
              timeout: 60_000,
            },
            resolve,
          );
          outgoing.on('timeout', () => outgoing.destroy(new Error('HMRC did not answer within 60 s')));
          outgoing.on('error', reject);
          outgoing.end(body);
        });
        const answerBody = await readAll(answer);
        const passed: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!hopByHop.has(name) && value !== undefined) passed[name] = value;
        }
        record({
          status: answer.statusCode ?? 0,
          responseHeaders: headerMap(answer.rawHeaders),
          responseBody: readable(answerBody, answer.headers['content-encoding']),
        });
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passed);
        response.end(answerBody);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        record({ status: 0, responseHeaders: {}, responseBody: '', error: message });
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`The recording proxy could not reach HMRC: ${message}`);
      } finally {
        done();
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
