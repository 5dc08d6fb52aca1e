import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts VAT Wise: check settings, build, listen, and shut down cleanly on SIGTERM or SIGINT. */
async function main() {
  // A .env file in the working folder fills in variables the environment does not set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`VAT Wise is running at ${config.publicUrl} (database: ${config.database.kind})`);
  // The agents start once the server listens: the embedded HMRC simulator is served on this same
  // port. The submission checker settles at once any return whose answer was lost when the process
  // stopped; it runs even with AGENTS_ENABLED off, as submitting exactly once depends on it.
  await app.agents.start(config.agents.enabled ? undefined : ['submission-checker']);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
