import { describe, expect, it } from 'vitest';
import { UserSession, useCluster, waitFor } from './harness';

const cluster = useCluster();

const emailOf = (answer: { json: unknown }) => (answer.json as { user: { email: string } | null }).user?.email;

describe('a session across instances', () => {
  it('made through instance A works on instance B, and through the proxy on both', async () => {
    const { instances, proxy, signUp } = cluster();
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const email = 'kim@cluster.test';
    const onA = await signUp({ email, via: a.url });

    expect(emailOf(await onA.get('/api/me'))).toBe(email);
    expect(emailOf(await onA.on(b.url).get('/api/me'))).toBe(email);
    // A state-changing call with the cookie made on A, on B: the business list the web app starts with.
    const businesses = await onA.on(b.url).get('/api/businesses');
    expect(businesses.status, businesses.text).toBe(200);

    // Through the proxy the calls alternate between the instances; every one knows the session.
    const sentBefore = new Map(proxy.sent);
    const throughProxy = onA.on(proxy.url);
    for (let call = 0; call < 4; call += 1) expect(emailOf(await throughProxy.get('/api/me'))).toBe(email);
    for (const instance of [a, b]) {
      expect((proxy.sent.get(instance.url) ?? 0) - (sentBefore.get(instance.url) ?? 0)).toBe(2);
    }
  });

  it('opens the live updates socket (WebSocket only, as in production) through the proxy and on B with a session made on A', async () => {
    const { instances, signUp, connectSocket, url } = cluster();
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const onA = await signUp({ via: a.url });
    for (const target of [url, url, b.url]) {
      const socket = await connectSocket(onA, target);
      expect(socket.connected).toBe(true);
      expect(socket.io.engine.transport.name).toBe('websocket');
      socket.disconnect();
    }
    // Without a session the socket is refused, whichever instance the proxy picks.
    await expect(connectSocket(cluster().session(), url)).rejects.toThrow(/not authenticated/);
  });

  it('ended on B is refused at once on B, and on A within a second (not after its 10 s session cache)', async () => {
    const { instances, signUp, url } = cluster();
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const onB = await signUp({ via: b.url });
    // A copy of the cookie, as a stolen one would be: it outlives the browser's sign-out.
    const copy = new UserSession(url, a.url, new Map(onB.cookies));
    expect(emailOf(await copy.get('/api/me'))).toBeDefined();
    expect(emailOf(await copy.on(b.url).get('/api/me'))).toBeDefined();

    expect((await onB.post('/api/auth/sign-out')).status).toBe(200);
    expect(emailOf(await copy.on(b.url).get('/api/me'))).toBeUndefined();
    // A had read the session; Redis tells it of the sign-out at once.
    await waitFor(async () => emailOf(await copy.get('/api/me')) === undefined, 'A to refuse the ended session', {
      timeoutMs: 1_000,
      intervalMs: 20,
    });
  });
});
