/**
 * Every date the client shows goes through here. English shows Gregorian dates; Amharic shows Ethiopian-calendar
 * dates ("1 መስከረም 2018 ዓ.ም."), with the Gregorian date kept for the hover text. Days are cut at midnight in Addis
 * Ababa for everyone, as the server cuts its days and boards, so a date reads the same wherever the player is.
 *
 * The browser's own ICU does the calendar arithmetic (the `ethiopic` calendar of Intl.DateTimeFormat); only the
 * pieces (day, month name, year) are taken from it and put together here, so no era text of the locale data ("AM")
 * leaks in and every Amharic date ends in ዓ.ም.
 */
import type { Locale } from '../config/constants.ts';
import type { BoardPeriod } from './games/boards.ts';

/** Africa/Addis_Ababa: UTC+3 all year, no daylight saving. */
export const ADDIS_ABABA_TIME_ZONE = 'Africa/Addis_Ababa';
const ADDIS_ABABA_UTC_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const DAYS_PER_WEEK = 7;
/** "In the year of mercy": the Ethiopian era, written after every Ethiopian year. */
export const ETHIOPIAN_ERA = 'ዓ.ም.';
/** "By the European reckoning": marks a Gregorian date written in Amharic. */
export const GREGORIAN_ERA_AM = 'እ.ኤ.አ.';
const AMHARIC_ETHIOPIAN = 'am-ET-u-ca-ethiopic';
const AMHARIC_GREGORIAN = 'am-ET-u-ca-gregory';
const ENGLISH = 'en-GB';
/** Amharic joins a date and a time with the Ethiopic comma. */
const AMHARIC_COMMA = '፣ ';
const RANGE_DASH = ' – ';

/** What a date shows: the text, the Gregorian text for the hover (Amharic only), and the instant for `dateTime`. */
export interface ShownDate {
  readonly text: string;
  readonly gregorian: string | null;
  readonly iso: string;
}

interface DayParts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and lists show many dates: one per locale and options. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { timeZone: ADDIS_ABABA_TIME_ZONE, ...options });
    formatters.set(key, found);
  }
  return found;
}

function toDate(instant: string | Date): Date | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? null : date;
}

function dayParts(calendarLocale: string, date: Date): DayParts {
  const parts = formatter(calendarLocale, { day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year') };
}

/** The Ethiopian day, month (1–13, the 13th being ጳጉሜን) and year of an instant, in Addis Ababa. */
export function ethiopianDate(instant: string | Date): { year: number; month: number; day: number } | null {
  const date = toDate(instant);
  if (!date) return null;
  const parts = formatter(AMHARIC_ETHIOPIAN, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const amharicDay = (p: DayParts, era: string) => `${p.day} ${p.month} ${p.year} ${era}`;
const amharicTime = (date: Date) => formatter(AMHARIC_GREGORIAN, { hour: 'numeric', minute: '2-digit' }).format(date);

/** A date (and, with `time`, the time of day) as the locale shows it; null for an instant it cannot read. */
export function formatDate(instant: string | Date, locale: Locale, options: { time?: boolean } = {}): ShownDate | null {
  const date = toDate(instant);
  if (!date) return null;
  const iso = date.toISOString();
  if (locale === 'en') {
    const text = formatter(ENGLISH, { dateStyle: 'medium', ...(options.time ? { timeStyle: 'short' } : {}) }).format(date);
    return { text, gregorian: null, iso };
  }
  const time = options.time ? `${AMHARIC_COMMA}${amharicTime(date)}` : '';
  return {
    text: `${amharicDay(dayParts(AMHARIC_ETHIOPIAN, date), ETHIOPIAN_ERA)}${time}`,
    gregorian: `${amharicDay(dayParts(AMHARIC_GREGORIAN, date), GREGORIAN_ERA_AM)}${time}`,
    iso,
  };
}

/** A span of days in Amharic, the shared month and year written once: "1–7 መስከረም 2018 ዓ.ም.". */
function amharicRange(from: DayParts, to: DayParts, era: string): string {
  if (from.year !== to.year) return `${from.day} ${from.month} ${from.year}${RANGE_DASH}${amharicDay(to, era)}`;
  if (from.month !== to.month) return `${from.day} ${from.month}${RANGE_DASH}${to.day} ${to.month} ${to.year} ${era}`;
  return `${from.day}–${to.day} ${to.month} ${to.year} ${era}`;
}

/** What a board's period label shows: the text, the Gregorian text for the hover (Amharic only). */
export interface ShownPeriod {
  readonly text: string;
  readonly gregorian: string | null;
}

/** The Julian day number of 1 መስከረም of the Ethiopian year 0 (the years are counted from it), and of 1 January 1970. */
const ETHIOPIAN_EPOCH_JDN = 1_723_856;
const UNIX_EPOCH_JDN = 2_440_588;

/** Addis Ababa noon (safely inside the day) of the Ethiopian day `day` of `month` (1–13) of `year`. */
function ethiopianNoon(year: number, month: number, day: number): Date {
  const jdn = ETHIOPIAN_EPOCH_JDN + 365 * year + Math.floor(year / 4) + 30 * (month - 1) + day - 1;
  return new Date((jdn - UNIX_EPOCH_JDN) * DAY_MS + 12 * 3_600_000 - ADDIS_ABABA_UTC_OFFSET_MS);
}

/** ጳጉሜን has 6 days in the Ethiopian year before a Gregorian leap year (every fourth, the year ≡ 3 mod 4), else 5. */
const pagumeDays = (year: number) => (year % 4 === 3 ? 6 : 5);

function ethiopianPeriodDays(period: 'ethiopian-month' | 'ethiopian-year', year: number, month: number | null) {
  if (period === 'ethiopian-year' && month === null)
    return { first: ethiopianNoon(year, 1, 1), last: ethiopianNoon(year, 13, pagumeDays(year)) };
  if (period === 'ethiopian-month' && month !== null && month >= 1 && month <= 13) {
    return { first: ethiopianNoon(year, month, 1), last: ethiopianNoon(year, month, month === 13 ? pagumeDays(year) : 30) };
  }
  return null;
}

/** The first and last day (at Addis Ababa noon, safely inside the day) of a board's period key. */
export function periodDays(period: BoardPeriod, key: string): { first: Date; last: Date } | null {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(key);
  if (!match || period === 'all') return null;
  if (period === 'ethiopian-month' || period === 'ethiopian-year') {
    return match[3] ? null : ethiopianPeriodDays(period, Number(match[1]), match[2] ? Number(match[2]) : null);
  }
  const [year, month, day] = [Number(match[1]), match[2] ? Number(match[2]) - 1 : null, match[3] ? Number(match[3]) : null];
  const noon = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d, 12) - ADDIS_ABABA_UTC_OFFSET_MS);
  if ((period === 'day' || period === 'week') && month !== null && day !== null) {
    const first = noon(year, month, day);
    const last = period === 'day' ? first : new Date(first.getTime() + (DAYS_PER_WEEK - 1) * DAY_MS);
    return { first, last };
  }
  // Day 0 of the next month is the last day of this one.
  if (period === 'month' && month !== null && day === null) return { first: noon(year, month, 1), last: noon(year, month + 1, 0) };
  if (period === 'year' && month === null) return { first: noon(year, 0, 1), last: noon(year, 11, 31) };
  return null;
}

/**
 * The label of a board's period, from the server's key (`2025-09-11`, the Monday `2025-09-08`, `2025-09`, `2025`; an
 * Ethiopian month `2018-01` or year `2018`), or null for the all-time board or a key it cannot read. In Amharic every
 * board is told in the Ethiopian calendar (an Ethiopian month or year by its name, the others by the days they span),
 * with the Gregorian days for the hover.
 */
export function formatPeriod(period: BoardPeriod, key: string, locale: Locale): ShownPeriod | null {
  const days = periodDays(period, key);
  if (!days) return null;
  if (locale === 'en') {
    if (period === 'year') return { text: key.slice(0, 4), gregorian: null };
    if (period === 'month') return { text: formatter(ENGLISH, { month: 'long', year: 'numeric' }).format(days.first), gregorian: null };
    const range = formatter(ENGLISH, { day: 'numeric', month: 'short', year: 'numeric' });
    return { text: period === 'day' ? range.format(days.first) : range.formatRange(days.first, days.last), gregorian: null };
  }
  const gregorian = amharicRange(dayParts(AMHARIC_GREGORIAN, days.first), dayParts(AMHARIC_GREGORIAN, days.last), GREGORIAN_ERA_AM);
  if (period === 'ethiopian-year') return { text: `${key} ${ETHIOPIAN_ERA}`, gregorian };
  if (period === 'ethiopian-month') {
    const first = dayParts(AMHARIC_ETHIOPIAN, days.first);
    return { text: `${first.month} ${first.year} ${ETHIOPIAN_ERA}`, gregorian };
  }
  const span = (calendarLocale: string, era: string) =>
    period === 'day'
      ? amharicDay(dayParts(calendarLocale, days.first), era)
      : amharicRange(dayParts(calendarLocale, days.first), dayParts(calendarLocale, days.last), era);
  return { text: span(AMHARIC_ETHIOPIAN, ETHIOPIAN_ERA), gregorian: span(AMHARIC_GREGORIAN, GREGORIAN_ERA_AM) };
}
