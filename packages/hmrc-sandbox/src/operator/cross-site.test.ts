import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../test/harness';

let sandbox: Sandbox;
afterEach(() => sandbox.close());

describe('the operator controls and other sites', () => {
  it('refuse a change sent by another site’s page, and change nothing', async () => {
    sandbox = await startSandbox();
    const fault = JSON.stringify({ endpoint: 'obligations', kind: 'error503' });
    const headers = { host: 'localhost:3000', 'content-type': 'application/json' };
    for (const from of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await sandbox.app.inject({
        method: 'POST',
        url: '/hmrc-sandbox/operator/faults',
        headers: { ...headers, ...from },
        payload: fault,
      });
      expect(response.statusCode, JSON.stringify(from)).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'The operator controls refuse requests from another site.',
      });
    }
    expect((await sandbox.operator('GET', '/faults')).json()).toEqual({ faults: [] });
  });

  it('accept a change from the simulator’s own origin, and from a script that sends no Origin', async () => {
    sandbox = await startSandbox();
    const fault = JSON.stringify({ endpoint: 'obligations', kind: 'error503' });
    const own = await sandbox.app.inject({
      method: 'POST',
      url: '/hmrc-sandbox/operator/faults',
      headers: {
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      payload: fault,
    });
    expect(own.statusCode).toBe(201);
    expect((await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'error500' })).statusCode).toBe(
      201,
    );
    expect((await sandbox.operator('GET', '/faults')).json().faults).toHaveLength(2);
  });
});
