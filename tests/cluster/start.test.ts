import { describe, expect, it } from 'vitest';
import { withCluster } from './harness';

describe('starting together', () => {
  it('two instances started at the same moment on an empty database both come up and serve one schema', async () => {
    await withCluster({ instances: 2 }, async ({ instances, signUp, signIn }) => {
      for (const instance of instances) {
        const ready = await fetch(`${instance.url}/api/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
        expect(instance.isRunning()).toBe(true);
      }
      // The tables they made between them serve both: an account made on one signs in on the other.
      const [a, b] = instances;
      if (!a || !b) throw new Error('two instances expected');
      await signUp({ email: 'first@cluster.test', via: a.url });
      const onB = await signIn('first@cluster.test', { via: b.url });
      expect(((await onB.get('/api/me')).json as { user: { email: string } }).user.email).toBe('first@cluster.test');
    });
  });
});
