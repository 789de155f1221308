import { describe, expect, it } from 'vitest';
import { createKeyedLock } from './keyed-lock.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('keyed lock', () => {
  it('runs work on one key one at a time, in arrival order', async () => {
    const lock = createKeyedLock();
    const log: string[] = [];
    const job = (name: string) =>
      lock.run(['a'], async () => {
        log.push(`${name} in`);
        await tick();
        log.push(`${name} out`);
      });
    await Promise.all([job('1'), job('2'), job('3')]);
    expect(log).toEqual(['1 in', '1 out', '2 in', '2 out', '3 in', '3 out']);
  });

  it('lets work on different keys overlap, and never deadlocks on keys taken in different orders', async () => {
    const lock = createKeyedLock();
    let inside = 0;
    let most = 0;
    const job = (keys: string[]) =>
      lock.run(keys, async () => {
        inside += 1;
        most = Math.max(most, inside);
        await tick();
        inside -= 1;
      });
    await Promise.all([job(['x']), job(['y'])]);
    expect(most).toBe(2);
    await Promise.all([job(['a', 'b']), job(['b', 'a']), job(['a', 'b'])]);
  });

  it('releases the keys when the work throws', async () => {
    const lock = createKeyedLock();
    await expect(lock.run(['k'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run(['k'], async () => 'next')).resolves.toBe('next');
  });
});
