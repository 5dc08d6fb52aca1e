import { agentSocket, type ImportProgress } from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/** An import tells its user how far it has got, over the live channel, and tells nobody else. */

let server: TestApp & { baseUrl: string };
let owner: SessionClient;
let other: SessionClient;
const sockets: Socket[] = [];

/** The live channel as the user's browser opens it, and everything it hears of imports. */
async function listen(client: SessionClient): Promise<ImportProgress[]> {
  const socket = io(`${server.baseUrl}${agentSocket.namespace}`, {
    path: agentSocket.path,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  sockets.push(socket);
  const heard: ImportProgress[] = [];
  socket.on('import:progress', (progress: ImportProgress) => heard.push(progress));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return heard;
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  server = await createListeningTestApp();
  owner = await registerUser(server.app, 'progress@example.com', 'Progress');
  other = await registerUser(server.app, 'bystander@example.com', 'Bystander');
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe("an import's progress", () => {
  it('goes to its user as it reads and records, batch by batch, and ends done or failed', async () => {
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    const heard = await listen(owner);
    const overheard = await listen(other);
    const lines = ['Date,Description,Net,VAT'];
    for (let index = 0; index < 2_500; index++) lines.push(`${period.start},Sale ${index},10.00,2.00`);
    const applied = await owner.postForm(
      '/api/vat_imports',
      importForm({ vrn, draftId: draft.id }, 'sales.csv', lines.join('\n')),
    );
    expect(applied.statusCode, applied.body).toBe(201);
    await until(() => heard.some((progress) => progress.stage === 'done'), 'the import to be done');
    expect(heard.map(({ stage, done, total }) => [stage, done, total])).toEqual([
      ['reading', 0, 0],
      ['recording', 0, 2_500],
      ['recording', 1_000, 2_500],
      ['recording', 2_000, 2_500],
      ['recording', 2_500, 2_500],
      ['done', 2_500, 2_500],
    ]);
    expect(heard.every((progress) => progress.draftId === draft.id && progress.fileName === 'sales.csv')).toBe(true);

    // A file with a problem records nothing and says it failed.
    const bad = await owner.postForm(
      '/api/vat_imports',
      importForm({ vrn, draftId: draft.id }, 'bad.csv', 'Date,Description,Net,VAT\nnot a date,Sale,1.00,0.20\n'),
    );
    expect(bad.json().code).toBe('IMPORT_HAS_PROBLEMS');
    await until(() => heard.at(-1)?.stage === 'failed', 'the failed import to be told');
    expect(heard.slice(-2).map((progress) => progress.stage)).toEqual(['reading', 'failed']);
    expect(overheard).toEqual([]);
  });
});
