import { ADDIS_ABABA_UTC_OFFSET_HOURS } from '../config.ts';

const OFFSET_MS = ADDIS_ABABA_UTC_OFFSET_HOURS * 60 * 60 * 1000;

/**
 * The calendar date in Africa/Addis_Ababa (UTC+3, no daylight saving time) at an instant, as YYYY-MM-DD.
 * The daily bonus resets at local midnight, i.e. 21:00 UTC.
 */
export function addisDate(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('addisDate needs a valid instant');
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}
