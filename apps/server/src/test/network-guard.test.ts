import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopback } from './network-guard';
import { takeRefused } from './no-network';

/** The server project's guard (no-network.ts, a setup file): loopback only. */
describe('the network guard of server tests', () => {
  afterEach(() => {
    takeRefused();
  });

  it('refuses HTTP to a host on the internet before any lookup, and names it', async () => {
    const error = await fetch('https://www.gov.uk/').catch((failure: Error) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error & { cause?: unknown }).cause)).toContain('tried to reach www.gov.uk');
    expect(takeRefused()).toEqual(['www.gov.uk']);
  });

  it('refuses a raw socket to a public address and a database elsewhere', async () => {
    expect(() => net.connect({ host: '93.184.215.14', port: 443 })).toThrow(/tried to reach 93\.184\.215\.14/);
    const client = new pg.Client({ connectionString: 'postgres://user@db.example.com:5432/app' });
    await expect(client.connect()).rejects.toThrow(/db\.example\.com/);
    expect(takeRefused()).toEqual(['93.184.215.14', 'db.example.com']);
  });

  it('lets loopback through, by address and by name', async () => {
    const server = http.createServer((_request, response) => response.end('here'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('here');
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('here');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(takeRefused()).toEqual([]);
  });

  it('tells loopback from the rest', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ['10.0.0.5', '0.0.0.0', '::', 'example.com', 'localhost.example.com', '::ffff:8.8.8.8']) {
      expect(isLoopback(host), host).toBe(false);
    }
  });
});
