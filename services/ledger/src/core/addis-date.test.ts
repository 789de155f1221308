import { describe, expect, it } from 'vitest';
import { addisDate } from './addis-date.ts';

describe('addisDate (Africa/Addis_Ababa, UTC+3, no DST)', () => {
  it('is still the same day one millisecond before local midnight (20:59:59.999 UTC)', () => {
    expect(addisDate(new Date('2026-03-01T20:59:59.999Z'))).toBe('2026-03-01');
  });

  it('turns to the next day at local midnight (21:00 UTC)', () => {
    expect(addisDate(new Date('2026-03-01T21:00:00.000Z'))).toBe('2026-03-02');
  });

  it('is ahead of the UTC date late in the UTC evening, including across a year end', () => {
    expect(addisDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
  });

  it('follows the UTC date in the UTC morning', () => {
    expect(addisDate(new Date('2026-07-15T00:10:00Z'))).toBe('2026-07-15');
  });

  it('has no daylight saving jump in summer or winter', () => {
    expect(addisDate(new Date('2026-06-30T21:00:00Z'))).toBe('2026-07-01');
    expect(addisDate(new Date('2026-01-31T21:00:00Z'))).toBe('2026-02-01');
  });

  it('refuses an invalid instant', () => {
    expect(() => addisDate(new Date('nope'))).toThrow(RangeError);
  });
});
