import { afterEach } from 'vitest';
import { refuseNonLoopback } from './network-guard';

/**
 * The server project's setup file: no test reaches beyond loopback. A refused connection throws
 * where it is made and, in case the code under test swallowed that error, fails the test too.
 */
const refused: string[] = [];
refuseNonLoopback((host) => refused.push(host));

/** The hosts refused since the last call, forgotten: for the guard's own test. */
export function takeRefused(): string[] {
  return refused.splice(0);
}

afterEach(() => {
  if (refused.length === 0) return;
  const hosts = [...new Set(refused.splice(0))].join(', ');
  throw new Error(`This test tried to reach the network (${hosts}); server tests may only use loopback.`);
});
