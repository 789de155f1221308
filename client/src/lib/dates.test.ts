import { describe, expect, it } from 'vitest';
import { ETHIOPIAN_ERA, ethiopianDate, formatDate, formatPeriod } from './dates.ts';

/**
 * The standard arithmetic conversion (Gregorian → Julian day number → Ethiopian, Amete Mihret era), written out here
 * independently of ICU, so the browser's calendar is checked against it rather than against itself.
 */
const AMETE_MIHRET_EPOCH_JDN = 1_723_856;
const DAYS_PER_FOUR_YEARS = 1461;
const floorDiv = (a: number, b: number) => Math.floor(a / b);
const mod = (a: number, b: number) => a - b * floorDiv(a, b);

function gregorianToJdn(year: number, month: number, day: number): number {
  const a = floorDiv(14 - month, 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + floorDiv(153 * m + 2, 5) + 365 * y + floorDiv(y, 4) - floorDiv(y, 100) + floorDiv(y, 400) - 32045;
}

function ethiopianByArithmetic(year: number, month: number, day: number) {
  const jdn = gregorianToJdn(year, month, day);
  const r = mod(jdn - AMETE_MIHRET_EPOCH_JDN, DAYS_PER_FOUR_YEARS);
  const n = mod(r, 365) + 365 * floorDiv(r, 1460);
  return {
    year: 4 * floorDiv(jdn - AMETE_MIHRET_EPOCH_JDN, DAYS_PER_FOUR_YEARS) + floorDiv(r, 365) - floorDiv(r, 1460),
    month: floorDiv(n, 30) + 1,
    day: mod(n, 30) + 1,
  };
}

/** Noon in Addis Ababa (09:00 UTC) of a Gregorian day. */
const addisNoon = (iso: string) => `${iso}T09:00:00Z`;
const amharic = (instant: string) => formatDate(instant, 'am')?.text;

describe('Ethiopian dates in Amharic', () => {
  it.each([
    ['Enkutatash 2018', '2025-09-11', '1 መስከረም 2018 ዓ.ም.', { year: 2018, month: 1, day: 1 }],
    ['Meskel', '2025-09-27', '17 መስከረም 2018 ዓ.ም.', { year: 2018, month: 1, day: 17 }],
    ['Genna', '2026-01-07', '29 ታኅሣሥ 2018 ዓ.ም.', { year: 2018, month: 4, day: 29 }],
    ['the first day of Pagume', '2025-09-06', '1 ጳጉሜን 2017 ዓ.ም.', { year: 2017, month: 13, day: 1 }],
    ['the last day of a five-day Pagume', '2025-09-10', '5 ጳጉሜን 2017 ዓ.ም.', { year: 2017, month: 13, day: 5 }],
    ['Pagume 5 of a leap year', '2023-09-10', '5 ጳጉሜን 2015 ዓ.ም.', { year: 2015, month: 13, day: 5 }],
    ['Pagume 6, only in a leap year', '2023-09-11', '6 ጳጉሜን 2015 ዓ.ም.', { year: 2015, month: 13, day: 6 }],
    ['Enkutatash after a leap year falls on 12 September', '2023-09-12', '1 መስከረም 2016 ዓ.ም.', { year: 2016, month: 1, day: 1 }],
  ])('%s: %s is %s', (_name, gregorian, text, parts) => {
    const [y, m, d] = gregorian.split('-').map(Number) as [number, number, number];
    expect(ethiopianByArithmetic(y, m, d)).toEqual(parts);
    expect(ethiopianDate(addisNoon(gregorian))).toEqual(parts);
    expect(amharic(addisNoon(gregorian))).toBe(text);
  });

  it('agrees with the arithmetic conversion on every day of seven years, leap years included', () => {
    const start = Date.UTC(2022, 0, 1);
    const days = 7 * 366;
    for (let i = 0; i < days; i += 1) {
      const day = new Date(start + i * 86_400_000);
      const expected = ethiopianByArithmetic(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
      expect(ethiopianDate(addisNoon(day.toISOString().slice(0, 10)))).toEqual(expected);
    }
  });

  it('names the thirteen Ethiopian months in Amharic', () => {
    // The 15th of each month from Meskerem 2018, then Pagume 1.
    const months = Array.from({ length: 12 }, (_, i) => amharic(new Date(Date.UTC(2025, 8, 25) + i * 30 * 86_400_000).toISOString()));
    months.push(amharic(addisNoon('2026-09-06')));
    expect(months.map((text) => text?.split(' ')[1])).toEqual([
      'መስከረም',
      'ጥቅምት',
      'ኅዳር',
      'ታኅሣሥ',
      'ጥር',
      'የካቲት',
      'መጋቢት',
      'ሚያዝያ',
      'ግንቦት',
      'ሰኔ',
      'ሐምሌ',
      'ነሐሴ',
      'ጳጉሜን',
    ]);
  });

  it('turns the day at midnight in Addis Ababa, wherever the player is', () => {
    // 21:30 UTC on 10 September is 00:30 on the 11th in Addis Ababa: already the new year.
    expect(amharic('2025-09-10T21:30:00Z')).toBe('1 መስከረም 2018 ዓ.ም.');
    expect(amharic('2025-09-10T20:59:00Z')).toBe('5 ጳጉሜን 2017 ዓ.ም.');
    expect(formatDate('2025-09-10T21:30:00Z', 'en')?.text).toMatch(/^11 Sep/);
  });

  it('keeps the Gregorian date for the hover text, and the instant for the machine', () => {
    const shown = formatDate('2025-09-10T21:30:00Z', 'am', { time: true });
    expect(shown?.text.startsWith('1 መስከረም 2018 ዓ.ም.፣ 12:30')).toBe(true);
    expect(shown?.gregorian).toMatch(/^11 ሴፕቴምበር 2025 እ\.ኤ\.አ\.፣ 12:30/);
    expect(shown?.iso).toBe('2025-09-10T21:30:00.000Z');
    expect(shown?.text).not.toContain('AM');
  });

  it('shows Gregorian dates in English, with no Ethiopian era and no hover text', () => {
    const shown = formatDate('2026-01-07T09:00:00Z', 'en', { time: true });
    expect(shown?.text).toMatch(/^7 Jan 2026, 12:00$/);
    expect(shown?.text).not.toContain(ETHIOPIAN_ERA);
    expect(shown?.gregorian).toBeNull();
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('not a date', 'am')).toBeNull();
    expect(formatDate('', 'en')).toBeNull();
  });
});

describe('board periods', () => {
  it('shows a Gregorian month board in Amharic as the Ethiopian days it covers', () => {
    expect(formatPeriod('month', '2025-09', 'am')).toEqual({
      text: '26 ነሐሴ 2017 – 20 መስከረም 2018 ዓ.ም.',
      gregorian: '1–30 ሴፕቴምበር 2025 እ.ኤ.አ.',
    });
    expect(formatPeriod('month', '2025-06', 'am')?.text).toBe('24 ግንቦት – 23 ሰኔ 2017 ዓ.ም.');
    expect(formatPeriod('month', '2025-09', 'en')).toEqual({ text: 'September 2025', gregorian: null });
  });

  it('shows a year board, a week board and a day board', () => {
    expect(formatPeriod('year', '2025', 'am')?.text).toBe('23 ታኅሣሥ 2017 – 22 ታኅሣሥ 2018 ዓ.ም.');
    expect(formatPeriod('year', '2025', 'en')?.text).toBe('2025');
    expect(formatPeriod('week', '2025-09-29', 'am')?.text).toBe('19–25 መስከረም 2018 ዓ.ም.');
    expect(formatPeriod('week', '2025-09-08', 'am')?.text).toBe('3 ጳጉሜን 2017 – 4 መስከረም 2018 ዓ.ም.');
    expect(formatPeriod('day', '2025-09-11', 'am')?.text).toBe('1 መስከረም 2018 ዓ.ም.');
    expect(formatPeriod('day', '2025-09-11', 'en')?.text).toMatch(/^11 Sep/);
  });

  it('labels neither the all-time board nor a key it cannot read', () => {
    expect(formatPeriod('all', 'all', 'am')).toBeNull();
    expect(formatPeriod('month', 'June', 'am')).toBeNull();
    expect(formatPeriod('month', '2025-06-01', 'am')).toBeNull();
  });

  it('names an Ethiopian month or year board in Amharic, with the Gregorian days it spans for the hover', () => {
    expect(formatPeriod('ethiopian-month', '2018-01', 'am')).toEqual({
      text: 'መስከረም 2018 ዓ.ም.',
      gregorian: '11 ሴፕቴምበር – 10 ኦክቶበር 2025 እ.ኤ.አ.',
    });
    // ጳጉሜን: five days, six in the year before a Gregorian leap year (2015 ran from 11 September 2022 to 11 September 2023)
    expect(formatPeriod('ethiopian-month', '2017-13', 'am')).toMatchObject({ text: 'ጳጉሜን 2017 ዓ.ም.' });
    expect(formatPeriod('ethiopian-month', '2017-13', 'am')?.gregorian).toMatch(/^6–10 /);
    expect(formatPeriod('ethiopian-year', '2015', 'am')?.gregorian).toBe('11 ሴፕቴምበር 2022 – 11 ሴፕቴምበር 2023 እ.ኤ.አ.');
    expect(formatPeriod('ethiopian-year', '2018', 'am')?.text).toBe('2018 ዓ.ም.');
    expect(formatPeriod('ethiopian-month', '2018-14', 'am')).toBeNull();
  });
});
