import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  getAuthUrlResponseSchema,
  obligationListSchema,
  type ReturnDraft,
  sandboxUserSchema,
  ukToday,
} from '@vatwise/domain';
import { HmrcClient, webAppFraudHeaders } from '@vatwise/hmrc';
import { defaultApplication } from '@vatwise/hmrc-sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { signInAndGrant } from '../../../test/hmrc-browser';
import { HttpSession } from '../../../test/http-session';
import { type RunningProcess, startSandboxProcess, startServerProcess, waitFor } from '../../../test/processes';
import { freePort, freshPostgresSchema } from '../../../test/test-app';

/**
 * The server is killed (SIGKILL) after it sends a return and before it stores the receipt; HMRC
 * (here the simulator, in a process of its own, as HMRC is) files the return all the same. Started
 * again, the server settles the return from HMRC's records: submitted, once.
 */
describe('a server killed in the middle of a submission', () => {
  const processes: RunningProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const running of processes) running.child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('settles the return as submitted after the restart, and HMRC received exactly one return', async () => {
    const [appPort, hmrcPort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${appPort}`;
    const hmrcUrl = `http://127.0.0.1:${hmrcPort}`;
    const sandbox = startSandboxProcess([
      '--memory',
      '--port',
      String(hmrcPort),
      '--rate-limit',
      '0',
      '--redirect-uri',
      `${appUrl}/hmrc-callback`,
    ]);
    processes.push(sandbox);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = process.env.TEST_DATABASE_URL
      ? await freshPostgresSchema(process.env.TEST_DATABASE_URL)
      : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const serverEnv = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      // VAT Wise talks to the simulator as it would to HMRC's sandbox: by its address and credentials.
      HMRC_CLIENT_ID: defaultApplication.clientId,
      HMRC_CLIENT_SECRET: defaultApplication.clientSecret,
      HMRC_BASE_URL: hmrcUrl,
      HMRC_AUTH_URL: hmrcUrl,
      HMRC_ENVIRONMENT: 'sandbox',
    };
    const ready = async () => (await fetch(`${appUrl}/api/ready`).catch(() => undefined))?.status === 200;
    let server = startServerProcess(serverEnv);
    processes.push(server);
    await waitFor(async () => sandbox.output().includes('client secret') && (await ready()), 'both servers');

    // A user connects a business, starts the overdue period's return and records a sale.
    const user = new HttpSession(appUrl);
    expect(
      (
        await user.post('/api/auth/sign-up/email', {
          name: 'Kim',
          email: 'kim@example.com',
          password: 'Correct-Horse-Battery-9',
        })
      ).status,
    ).toBe(200);
    const sandboxUser = sandboxUserSchema.parse(
      (await user.post('/api/create_sandbox_user', { userType: 'Organisation' })).json,
    );
    const { url } = getAuthUrlResponseSchema.parse(
      (await user.get(`/api/get_auth_url?userId=${sandboxUser.userId}`)).json,
    );
    const callback = await signInAndGrant(url, sandboxUser);
    const exchange = await user.post('/api/exchange_code', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(exchange.status, exchange.text).toBe(200);
    const vrn = sandboxUser.vrn ?? '';
    const today = ukToday();
    const period = obligationListSchema
      .parse(
        (await user.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`)).json,
      )
      .obligations.find((obligation) => obligation.due < today);
    if (!period) throw new Error('no overdue period');
    const draft = (await user.post('/api/initiate_vat_return', { user_vrn: vrn, period_key: period.periodKey }))
      .json as ReturnDraft;
    await user.post('/api/vat_records', {
      vrn,
      kind: 'sale',
      date: period.start,
      description: 'Consulting',
      netPence: 500_000,
      vatPence: 100_000,
      rate: 'standard',
      treatment: 'normal',
    });

    // HMRC will take three seconds over the submission; the server dies while it waits.
    await fetch(`${hmrcUrl}/operator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'submitReturn', kind: 'delay', delayMs: 3000 }),
    });
    const submission = user
      .post(`/api/vat_returns/${draft.id}/submit`, { idempotencyKey: draft.idempotencyKey, declarationAccepted: true })
      .catch(() => undefined);
    const calls = async () =>
      ((await (await fetch(`${hmrcUrl}/operator/calls`)).json()) as { calls: Record<string, number> }).calls
        .submitReturn ?? 0;
    await waitFor(async () => (await calls()) === 1, 'HMRC to receive the return');
    server.child.kill('SIGKILL');
    await server.exited;
    await submission;

    // HMRC files it once the delay is over (seen with a grant of the test's own); then VAT Wise starts again.
    const hmrc = new HmrcClient({
      baseUrl: hmrcUrl,
      authUrl: hmrcUrl,
      clientId: defaultApplication.clientId,
      clientSecret: defaultApplication.clientSecret,
      redirectUri: `${appUrl}/hmrc-callback`,
    });
    const granted = await signInAndGrant(hmrc.authorizationUrl({ state: 'crash-test' }), sandboxUser);
    const { access_token: accessToken } = await hmrc.exchangeCode(granted.searchParams.get('code') ?? '');
    const filed = () =>
      hmrc.viewReturn(vrn, period.periodKey, { accessToken, fraudHeaders: webAppFraudHeaders({}) }).then(
        () => true,
        () => false,
      );
    await waitFor(filed, 'HMRC to file the return');
    server = startServerProcess(serverEnv);
    processes.push(server);
    await waitFor(ready, 'the server to start again');

    let settled: ReturnDraft | undefined;
    await waitFor(async () => {
      settled = (await user.get(`/api/vat_returns/${draft.id}`)).json as ReturnDraft;
      return settled.status === 'submitted';
    }, 'the return to settle');
    expect(settled?.receipt).toMatchObject({
      confirmedBy: 'returnView',
      vrn,
      periodKey: period.periodKey,
      boxes: { box1: 100_000, box5: 100_000, box6: 500_000 },
      submittedBy: { email: 'kim@example.com' },
    });
    expect(await calls()).toBe(1);
  }, 90_000);
});
