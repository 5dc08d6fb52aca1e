import { describe, expect, it } from 'vitest';
import { FifoLock } from './sqlite-dialect';

describe('the SQLite connection lock', () => {
  it('hands the connection to waiters one at a time, first come first served', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        await lock.lock();
        inside++;
        mostInside = Math.max(mostInside, inside);
        order.push(index);
        await new Promise((resolve) => setImmediate(resolve));
        inside--;
        lock.unlock();
      }),
    );
    expect(mostInside).toBe(1);
    expect(order).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(lock.waiting).toBe(0);
  });

  it('is free again once the last holder lets go', async () => {
    const lock = new FifoLock();
    await lock.lock();
    lock.unlock();
    let taken = false;
    void lock.lock().then(() => {
      taken = true;
    });
    await Promise.resolve();
    expect(taken).toBe(true);
  });
});
