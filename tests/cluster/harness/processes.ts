import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A process the harness started: its output kept in memory, for the report when a test fails. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string | null>;
  hasExited(): boolean;
  output(): string;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ManagedProcess>();
// However the test run ends, no child outlives it (vitest's worker exits; a Ctrl-C).
process.once('exit', () => {
  for (const managed of running) managed.child.kill('SIGKILL');
});

export function startManagedProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  { cwd = repoRoot }: { cwd?: string } = {},
): ManagedProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    // Only what the process needs, and PATH: nothing from the test run's own settings leaks in.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  let ended = false;
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = true;
      resolve(code ?? signal);
    }),
  );
  const managed: ManagedProcess = {
    name,
    child,
    exited,
    hasExited: () => ended,
    output: () => chunks.join(''),
    stop: async (graceMs = 5000) => {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  return managed;
}

/** A TCP port nothing listens on now, for a process that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until `condition` holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 30_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
