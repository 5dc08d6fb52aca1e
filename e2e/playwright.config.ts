import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run Debian's Chromium (never a downloaded browser) against the real server
 * serving the real production build, on a fresh SQLite data folder of their own.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
// Set once by the runner; its test workers load this file again and inherit the same folder.
process.env.VATWISE_E2E_DATA_DIR ??= path.join(os.tmpdir(), `vatwise-e2e-${process.pid}`);
const dataDir = process.env.VATWISE_E2E_DATA_DIR;

/**
 * Without SMTP_URL the server writes each mail to DATA_DIR/outbox (as `npm start` does), where
 * the password-reset journey reads its link. Sign-up with a mail server (the address proved
 * first) is tested in the server suite, with a local SMTP server.
 */
export const outboxDir = path.join(dataDir, 'outbox');

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // One browser at a time: on two cores, two workers were no faster and made pages time out.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // Two cores run the server, the build's chunks and two browsers at once: allow slow paints.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // Creates the installation's first account (so it is the Admin) before any other test runs.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (npm run test:e2e builds it first).
    command: 'node ../apps/server/dist/server.js',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      HELP_URL: 'https://help.vatwise.example/guide',
      PUBLIC_URL: baseURL,
      MAIL_FROM: 'VAT Wise <vat@vatwise.test>',
      // Every test signs in from 127.0.0.1; the limits themselves are tested in the server suite.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100',
      API_RATE_LIMIT_PER_MINUTE: '10000',
      // HMRC's 3 calls per second per application is tested in the simulator's own suite.
      HMRC_SANDBOX_RATE_LIMIT: '0',
      // The assistant's browser test uses the built-in model; no key on this machine may change that.
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      OPENAI_COMPATIBLE_BASE_URL: '',
    },
  },
});
