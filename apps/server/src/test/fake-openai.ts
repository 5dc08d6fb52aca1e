import http from 'node:http';

/**
 * A local OpenAI-compatible server for the assistant's tests (Chat Completions with streaming), so
 * the real AI SDK path runs end to end without the internet. Each test says how it should answer.
 */
export type FakeReply =
  | { kind: 'text'; chunks: string[]; delayMs?: number }
  | { kind: 'toolCall'; name: string; then: (toolResult: string) => string[] }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> };

export interface FakeOpenAi {
  /** The base URL to configure (…/v1). */
  baseUrl: string;
  /** The JSON body and headers of every request received. */
  requests: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  reply(next: FakeReply): void;
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let current: FakeReply = { kind: 'text', chunks: ['Hello.'] };
  const requests: FakeOpenAi['requests'] = [];

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString()));
    request.on('end', async () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ body, headers: request.headers });
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (current.kind === 'status') {
        response.writeHead(current.status, { 'content-type': 'application/json', ...current.headers });
        response.end(JSON.stringify(current.body));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const messages = body.messages as { role: string; content: unknown }[];
      const toolMessage = messages.find((message) => message.role === 'tool');
      if (current.kind === 'toolCall' && !toolMessage) {
        response.write(
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: current.name, arguments: '' } }],
          }),
        );
        response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }));
        response.write(chunk({}, 'tool_calls'));
        response.end('data: [DONE]\n\n');
        return;
      }
      const pieces = current.kind === 'toolCall' ? current.then(String(toolMessage?.content ?? '')) : current.chunks;
      const delay = current.kind === 'text' ? (current.delayMs ?? 0) : 0;
      response.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of pieces) {
        if (response.destroyed) return;
        response.write(chunk({ content: piece }));
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      }
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
