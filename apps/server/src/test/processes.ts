import { spawn } from 'node:child_process';
import path from 'node:path';

/** Real processes for tests that must stop one the hard way (SIGTERM, SIGKILL) and start it again. */

const serverEntry = path.resolve(import.meta.dirname, '../server.ts');
const sandboxEntry = path.resolve(import.meta.dirname, '../../../../packages/hmrc-sandbox/src/standalone.ts');
const networkGuard = path.resolve(import.meta.dirname, 'network-guard-child.ts');

export interface RunningProcess {
  child: ReturnType<typeof spawn>;
  exited: Promise<number | null>;
  output(): string;
}

export function startProcess(entry: string, args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', networkGuard, entry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** VAT Wise's server, as `npm run serve` starts it. */
export const startServerProcess = (env: Record<string, string>) => startProcess(serverEntry, [], env);

/** The HMRC sandbox simulator on its own, as `npm run sandbox` starts it. */
export const startSandboxProcess = (args: string[]) => startProcess(sandboxEntry, args, {});

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
