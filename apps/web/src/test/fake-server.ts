import { vi } from 'vitest';

export type FakeAnswers = Record<string, { status?: number; body: unknown }>;

/**
 * VAT Wise's server, as the web app's tests need it: `fetch` answers by path (anything else is a
 * 404) and records every request. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeServer(answers: FakeAnswers): URL[] {
  const requests: URL[] = [];
  // Node's Request, unlike a browser's, has no page address to resolve '/api/…' against.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      requests.push(url);
      const answer = answers[url.pathname] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}
