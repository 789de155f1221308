/**
 * Calendar periods in Africa/Addis_Ababa time (UTC+3, no daylight saving): the key of the day, week (starting
 * Monday), month and year an instant falls in, in the Gregorian and in the Ethiopian calendar. Keys are plain strings
 * that sort in time order: day `2025-06-01`, week `2025-05-26` (its Monday), month `2025-06`, year `2025`, Ethiopian
 * month `2018-01` (መስከረም 2018; `2017-13` is ጳጉሜን), Ethiopian year `2018`, all-time `all`.
 */
import { ADDIS_ABABA_UTC_OFFSET_HOURS, ALL_TIME_KEY, PERIODS, type Period } from '../config.ts';

const OFFSET_MS = ADDIS_ABABA_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

export type PeriodKeys = Readonly<Record<Period, string>>;

function addisWallClock(instant: Date | string): Date {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('a period needs a valid instant');
  // A Date whose UTC fields read as the Addis Ababa wall clock.
  return new Date(ms + OFFSET_MS);
}

const memo = new Map<string, PeriodKeys>();
const MEMO_SIZE = 50_000;

/** The key of every period the instant falls in. */
export function periodKeys(instant: Date | string): PeriodKeys {
  if (typeof instant !== 'string') return computeKeys(instant);
  // A batch asks about the same instants more than once (planning, then folding): remember recent answers.
  let keys = memo.get(instant);
  if (!keys) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    keys = computeKeys(instant);
    memo.set(instant, keys);
  }
  return keys;
}

/** The Julian day number the Ethiopian years are counted from: 1 መስከረም of the year 0. */
const ETHIOPIAN_EPOCH_JDN = 1_723_856;

/** The Julian day number of a Gregorian date (month 1–12). */
function julianDayNumber(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32_045;
}

/**
 * The Ethiopian year, month (1–13) and day of a Julian day number: twelve months of 30 days and ጳጉሜን of 5, or 6 in the
 * year before a Gregorian leap year; every fourth year, counted from the epoch, is the long one.
 */
export function ethiopianDateOf(jdn: number): { year: number; month: number; day: number } {
  const days = jdn - ETHIOPIAN_EPOCH_JDN;
  const r = ((days % 1461) + 1461) % 1461;
  const n = (r % 365) + 365 * Math.floor(r / 1460);
  const year = 4 * Math.floor(days / 1461) + Math.floor(r / 365) - Math.floor(r / 1460);
  return { year, month: Math.floor(n / 30) + 1, day: (n % 30) + 1 };
}

function computeKeys(instant: Date | string): PeriodKeys {
  const local = addisWallClock(instant);
  const day = local.toISOString().slice(0, 10);
  const ethiopian = ethiopianDateOf(julianDayNumber(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()));
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - sinceMonday * DAY_MS);
  return {
    day,
    week: monday.toISOString().slice(0, 10),
    month: day.slice(0, 7),
    year: day.slice(0, 4),
    all: ALL_TIME_KEY,
    'ethiopian-month': `${ethiopian.year}-${String(ethiopian.month).padStart(2, '0')}`,
    'ethiopian-year': String(ethiopian.year),
  };
}

export const periodKey = (period: Period, instant: Date | string): string => periodKeys(instant)[period];

export const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);
