import { describe, expect, it } from 'vitest';
import { defaultWarmupMinutes, judgeMemory, slope, SOAK_GROWTH_LIMITS, type MemorySample } from './soak-verdict.ts';

const limits = { warmupMinutes: 2, ...SOAK_GROWTH_LIMITS };
/** A run of `minutes` whose RSS and live heap follow the given curves. */
const run = (minutes: number, rss: (minute: number) => number, heap: (minute: number) => number): MemorySample[] =>
  Array.from({ length: minutes + 1 }, (_, minute) => ({
    minute,
    rssMb: rss(minute),
    heapUsedMb: heap(minute),
    moves: minute > 0 ? 3_000 : 0,
  }));

describe('soak memory verdict', () => {
  it('fits the slope of a line exactly', () => {
    expect(slope([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))).toBeCloseTo(2);
    expect(slope([{ x: 1, y: 3 }])).toBe(0);
  });

  it('calls a process steady when it grew only during the warm-up and then wobbles', () => {
    const verdict = judgeMemory(
      run(
        10,
        (m) => (m < 2 ? 200 + 60 * m : 320 + (m % 2 ? 3 : -3)),
        (m) => (m < 2 ? 80 + 30 * m : 140 + (m % 3)),
      ),
      limits,
    );
    expect(verdict).toMatchObject({ kind: 'steady', judged: 9, over: [] });
  });

  it('calls a process growing when its live heap keeps climbing after the warm-up, even if its RSS looks flat', () => {
    const verdict = judgeMemory(
      run(
        10,
        () => 400,
        (m) => 100 + 1.5 * m,
      ),
      limits,
    );
    expect(verdict).toMatchObject({ kind: 'growing', over: ['heap'] });
  });

  it('calls a process growing when its RSS keeps climbing', () => {
    expect(
      judgeMemory(
        run(
          10,
          (m) => 300 + 5 * m,
          () => 120,
        ),
        limits,
      ),
    ).toMatchObject({ kind: 'growing', over: ['rss'] });
  });

  it('calls a process steady when only the database touched more of the buffers it had already allocated', () => {
    const buffersTouched = (m: number) => Math.min(128, 40 + 6 * m);
    const samples = run(
      20,
      (m) => 500 + buffersTouched(m),
      () => 120,
    ).map((s) => ({ ...s, database: { sizeMb: 188.6, residentMb: buffersTouched(s.minute) } }));
    expect(judgeMemory(samples, limits)).toMatchObject({ kind: 'steady', over: [] });
    // The same RSS without the database's figures: growing.
    expect(
      judgeMemory(
        samples.map(({ database: _, ...s }) => s),
        limits,
      ),
    ).toMatchObject({ kind: 'growing', over: ['rss'] });
  });

  it('calls a process growing when RSS outside the database keeps climbing', () => {
    const samples = run(
      10,
      (m) => 600 + 4 * m,
      () => 120,
    ).map((s) => ({ ...s, database: { sizeMb: 188.6, residentMb: 150 } }));
    expect(judgeMemory(samples, limits)).toMatchObject({ kind: 'growing', over: ['rss'] });
  });

  it('calls a process growing when the database keeps asking for more memory', () => {
    const samples = run(
      10,
      (m) => 600 + 3 * m,
      () => 120,
    ).map((s) => ({ ...s, database: { sizeMb: 188 + 3 * s.minute, residentMb: 150 + 3 * s.minute } }));
    expect(judgeMemory(samples, limits)).toMatchObject({ kind: 'growing', over: ['database'] });
  });

  it('refuses to judge a run with too few minutes after its warm-up', () => {
    expect(
      judgeMemory(
        run(
          3,
          () => 1,
          () => 1,
        ),
        { ...limits, warmupMinutes: 2 },
      ),
    ).toEqual({ kind: 'too_short', judged: 2 });
  });

  it('fails a run whose load stopped after the warm-up, however flat its memory', () => {
    const samples = run(
      6,
      () => 300,
      () => 100,
    ).map((s) => (s.minute >= 5 ? { ...s, moves: 0 } : s));
    expect(judgeMemory(samples, limits)).toEqual({ kind: 'load_stopped', minutes: [5, 6] });
  });

  it('warms up for half the run, between one and ten minutes', () => {
    expect([2, 5, 8, 20, 60].map(defaultWarmupMinutes)).toEqual([1, 2, 4, 10, 10]);
  });
});
