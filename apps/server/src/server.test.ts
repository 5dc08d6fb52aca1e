import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess as startServer, waitFor } from './test/processes';
import { freePort } from './test/test-app';

describe('the server process', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('refuses to start on bad settings and says which ones', async () => {
    const server = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: os.tmpdir() });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number from 1 to 65535 (got "abc")');
    expect(server.output()).toContain('DATABASE_URL must be a postgres://');
  });

  it('creates its data folder, serves, and on SIGTERM closes the database and exits cleanly', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-proc-')), 'nested', 'data');
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
    });
    children.push(server.child);
    await waitFor(() => server.output().includes('VAT Wise is running'), 'the server to listen');
    expect(fs.existsSync(path.join(dataDir, 'vatwise.sqlite'))).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('database closed');
  });
});
