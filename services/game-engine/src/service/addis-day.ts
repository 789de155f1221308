import { ADDIS_ABABA_UTC_OFFSET_HOURS } from '../config.ts';

const OFFSET_MS = ADDIS_ABABA_UTC_OFFSET_HOURS * 3_600_000;

/** The Africa/Addis_Ababa calendar day (YYYY-MM-DD) of an instant: the daily play limit counts per this day. */
export function addisDay(instant: Date | string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('addisDay needs a valid instant');
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the Addis Ababa day `day` (YYYY-MM-DD), as an ISO string. */
export const addisDayStart = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS).toISOString();
