import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { takeUnanswered, unansweredRequest } from './fake-server';

// findBy… and waitFor (testing-library's; tests use it rather than vi.waitFor, whose 1 s is fixed) wait up to 5 s, not 1: a screen's code and translations load on demand, and
// on a busy two-core CI machine a lazy chunk (the charts) once took longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine uses for media queries and sizing.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// Node's Request, unlike a browser's, has no page address to resolve '/api/…' against: without
// this, the app's request would fail before reaching any fetch, unseen.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
  }
};

// A test without a fake server has nothing to answer a request: any request fails it (below).
// Both are assigned, not stubbed, so that vi.unstubAllGlobals() brings these back, not Node's.
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  throw unansweredRequest(input instanceof Request ? input : new Request(input, init));
};

function failOnUnanswered() {
  const unanswered = takeUnanswered();
  if (unanswered.length > 0) {
    throw new Error(`Requests no fake server answered (each must be a test's answer):\n  ${unanswered.join('\n  ')}`);
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  failOnUnanswered();
});
// A request sent after the file's last test ended fails the file.
afterAll(failOnUnanswered);
