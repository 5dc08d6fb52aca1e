import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { z } from 'zod';
import { defaultApplication, type SandboxApplication } from './oauth/applications';
import { hmrcSandbox } from './plugin';
import { SandboxStore, openFileDatabase, openMemoryDatabase } from './store/store';

/**
 * The simulator on its own port: `npm run sandbox -- [--memory] [--port 9100] [--host 127.0.0.1]
 * [--data ./data/hmrc-sandbox.sqlite] [--rate-limit 3] [--redirect-uri URL ...] [--public-url URL]`.
 */
const usage = `Usage: npm run sandbox -- [options]
  --memory              keep all state in memory (gone when it stops)
  --data FILE           SQLite file for the state (default ./data/hmrc-sandbox.sqlite)
  --port N              port to listen on (default 9100)
  --host HOST           interface to listen on (default 127.0.0.1)
  --rate-limit N        calls per second per application before 429 (default 3; 0 = off)
  --redirect-uri URL    a redirect URI for the default application (repeatable)
  --public-url URL      where people reach it, for the links handed to clients (default: the host each request names)
  --applications FILE   more applications: a JSON list of {clientId, clientSecret, name, redirectUris}
  --no-operator         leave out the /operator controls (reset, faults, clock)`;

async function main() {
  const { values } = parseArgs({
    options: {
      memory: { type: 'boolean', default: false },
      data: { type: 'string', default: './data/hmrc-sandbox.sqlite' },
      port: { type: 'string', default: '9100' },
      host: { type: 'string', default: '127.0.0.1' },
      'rate-limit': { type: 'string', default: '3' },
      'redirect-uri': { type: 'string', multiple: true },
      'public-url': { type: 'string' },
      applications: { type: 'string' },
      'no-operator': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  const rateLimit = Number(values['rate-limit']);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`--port must be 1 to 65535, not ${values.port}`);
  if (!Number.isInteger(rateLimit) || rateLimit < 0)
    throw new Error(`--rate-limit must be a whole number, not ${values['rate-limit']}`);

  let database;
  if (values.memory) database = openMemoryDatabase();
  else {
    fs.mkdirSync(path.dirname(values.data), { recursive: true });
    database = openFileDatabase(values.data);
  }
  const redirectUris = values['redirect-uri'] ?? [
    'http://localhost:3000/hmrc-callback',
    'http://127.0.0.1:3000/hmrc-callback',
    'http://localhost:5173/hmrc-callback',
  ];

  const applications = values.applications ? readApplications(values.applications) : [];

  const app = Fastify({ logger: { level: 'info' } });
  await app.register(hmrcSandbox, {
    store: new SandboxStore(database),
    defaultRedirectUris: redirectUris,
    rateLimitPerSecond: rateLimit,
    operatorControls: !values['no-operator'],
    applications,
    ...(values['public-url'] ? { publicOrigin: values['public-url'] } : {}),
  });
  app.addHook('onClose', async () => database.destroy());
  const shutdown = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: values.host, port });
  console.log(`HMRC sandbox simulator at http://${values.host}:${port} (${values.memory ? 'in memory' : values.data})
  client id:     ${defaultApplication.clientId}
  client secret: ${defaultApplication.clientSecret}
  redirect URIs: ${redirectUris.join(', ')}`);
}

const applicationsSchema = z.array(
  z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    name: z.string().min(1),
    redirectUris: z.array(z.url()).max(5),
  }),
);

function readApplications(file: string): SandboxApplication[] {
  const parsed = applicationsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
