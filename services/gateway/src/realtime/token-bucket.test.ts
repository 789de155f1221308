import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.ts';

describe('token bucket', () => {
  it('allows a burst, then one message per refill interval', () => {
    let now = 0;
    const bucket = createTokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(bucket.take()).toBe(false);
    now += 1;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });

  it('never holds more than the burst, however long it was idle', () => {
    let now = 0;
    const bucket = createTokenBucket(2, 10, () => now);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });
});
