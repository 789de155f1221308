import { describe, expect, it } from 'vitest';
import { periodKeys } from './periods.ts';

describe('calendar periods in Addis Ababa time', () => {
  it('turns the day over at midnight in Addis Ababa (21:00 UTC), not at UTC midnight', () => {
    expect(periodKeys('2025-06-01T20:59:59.999Z').day).toBe('2025-06-01');
    expect(periodKeys('2025-06-01T21:00:00.000Z').day).toBe('2025-06-02');
    // 01:00 UTC on the 2nd is already 04:00 on the 2nd there; 22:30 UTC on the 1st is 01:30 on the 2nd.
    expect(periodKeys('2025-06-01T22:30:00Z').day).toBe('2025-06-02');
  });

  it('starts weeks on Monday at Addis midnight', () => {
    // Sunday 2025-06-01 23:59 in Addis is still the week of Monday 2025-05-26.
    expect(periodKeys('2025-06-01T20:59:00Z').week).toBe('2025-05-26');
    // One minute later it is Monday 2025-06-02 there: a new week.
    expect(periodKeys('2025-06-01T21:00:00Z').week).toBe('2025-06-02');
    // A Monday itself is its own week's key; a Saturday belongs to the Monday before.
    expect(periodKeys('2025-06-02T09:00:00Z').week).toBe('2025-06-02');
    expect(periodKeys('2025-06-07T09:00:00Z').week).toBe('2025-06-02');
  });

  it('moves to a new month and year at Addis midnight of New Year', () => {
    const before = periodKeys('2025-12-31T20:59:59Z');
    const after = periodKeys('2025-12-31T21:00:00Z');
    expect([before.month, before.year]).toEqual(['2025-12', '2025']);
    expect([after.day, after.month, after.year]).toEqual(['2026-01-01', '2026-01', '2026']);
    // 2026-01-01 is a Thursday: its week began on Monday 2025-12-29, in the old year.
    expect(after.week).toBe('2025-12-29');
    expect(after.all).toBe('all');
  });

  it('keeps Ethiopian months and years too, turned over at Addis midnight: New Year, Meskel, Genna and ጳጉሜን', () => {
    // 10 September 2025 in Addis Ababa is 5 ጳጉሜን 2017, the last day of the year; 21:00 UTC is midnight there.
    expect(periodKeys('2025-09-10T20:59:59Z')['ethiopian-month']).toBe('2017-13');
    expect(periodKeys('2025-09-10T21:00:00Z')['ethiopian-month']).toBe('2018-01');
    expect(periodKeys('2025-09-10T21:00:00Z')['ethiopian-year']).toBe('2018');
    expect(periodKeys('2025-09-27T09:00:00Z')['ethiopian-month']).toBe('2018-01'); // Meskel, 17 መስከረም
    expect(periodKeys('2026-01-07T09:00:00Z')['ethiopian-month']).toBe('2018-04'); // Genna, 29 ታኅሣሥ
    // The year before a Gregorian leap year ends with a sixth day of ጳጉሜን: 11 September 2023.
    expect(periodKeys('2023-09-11T09:00:00Z')['ethiopian-month']).toBe('2015-13');
    expect(periodKeys('2023-09-12T09:00:00Z')['ethiopian-month']).toBe('2016-01');
  });
});
