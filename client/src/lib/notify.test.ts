import { describe, expect, it } from 'vitest';
import { createDeduper, durationFor } from './notify.ts';

describe('toast de-duplication', () => {
  it('suppresses an identical toast raised again within 2 s and allows it afterwards', () => {
    let now = 0;
    const isFirst = createDeduper(2000, () => now);
    expect(isFirst('error:Session expired')).toBe(true);
    now = 1999;
    expect(isFirst('error:Session expired')).toBe(false);
    expect(isFirst('error:Logout failed')).toBe(true);
    now = 4000;
    expect(isFirst('error:Session expired')).toBe(true);
  });
});

describe('toast durations', () => {
  it('keeps errors 8 s, warnings 7 s and the rest 5 s', () => {
    expect(durationFor('error')).toBe(8000);
    expect(durationFor('warning')).toBe(7000);
    expect(durationFor('success')).toBe(5000);
    expect(durationFor('info')).toBe(5000);
  });
});
