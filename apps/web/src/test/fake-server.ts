import { vi } from 'vitest';

/** Answers by path ('/api/x'), or by method and path ('POST /api/x') where a path's methods differ. */
export type FakeAnswers = Record<string, { status?: number; body: unknown }>;

/**
 * Requests no test answered, in order. setup.ts fails the test that made any of them: a request
 * the test did not expect is a fact about the screen the test should state, not a silent 404.
 */
const unanswered: string[] = [];

/** Takes (and forgets) the requests no test answered. */
export function takeUnanswered(): string[] {
  return unanswered.splice(0);
}

/** Records a request no test answered and says so in the error the app sees. */
export function unansweredRequest(request: Request): Error {
  const url = new URL(request.url);
  const line = `${request.method} ${url.pathname}${url.search}`;
  unanswered.push(line);
  return new Error(`No answer for ${line}: the test's fake server has none for this path`);
}

/**
 * VAT Wise's server, as the web app's tests need it: `fetch` answers by path and records every
 * request; a path it has no answer for fails the test. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeServer(answers: FakeAnswers): URL[] {
  const requests: URL[] = [];
  // setup.ts makes Request resolve '/api/…' against the page's address, as a browser does.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      requests.push(url);
      const answer = answers[`${request.method} ${url.pathname}`] ?? answers[url.pathname];
      if (!answer) throw unansweredRequest(request);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}
