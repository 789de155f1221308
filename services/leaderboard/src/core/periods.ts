/**
 * Calendar periods in Africa/Addis_Ababa time (UTC+3, no daylight saving): the key of the day, week (starting
 * Monday), month and year an instant falls in. Keys are plain strings that sort in time order:
 * day `2025-06-01`, week `2025-05-26` (its Monday), month `2025-06`, year `2025`, all-time `all`.
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

function computeKeys(instant: Date | string): PeriodKeys {
  const local = addisWallClock(instant);
  const day = local.toISOString().slice(0, 10);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - sinceMonday * DAY_MS);
  return {
    day,
    week: monday.toISOString().slice(0, 10),
    month: day.slice(0, 7),
    year: day.slice(0, 4),
    all: ALL_TIME_KEY,
  };
}

export const periodKey = (period: Period, instant: Date | string): string => periodKeys(instant)[period];

export const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);
