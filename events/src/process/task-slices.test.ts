import { describe, expect, it } from 'vitest';
import { taskSlices } from './task-slices.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('task slices', () => {
  it('lets the event loop run between steps of a long loop of memory-only awaits', async () => {
    let timerRan = false;
    setImmediate(() => (timerRan = true));
    const slices = taskSlices(2);
    let stepsBeforeTimer = 0;
    for (let step = 0; step < 50; step++) {
      busy(1);
      await slices.slice();
      if (!timerRan) stepsBeforeTimer++;
    }
    expect(timerRan).toBe(true);
    expect(stepsBeforeTimer).toBeLessThan(50);
  });

  it('does not wait while the task is still short', async () => {
    let timerRan = false;
    setImmediate(() => (timerRan = true));
    const slices = taskSlices(10_000);
    for (let step = 0; step < 50; step++) await slices.slice();
    expect(timerRan).toBe(false);
  });
});
