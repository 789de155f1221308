import { LIMITS } from '../../config.ts';

/** One SMS segment: 70 UTF-16 units in UCS-2 (any Amharic text), 160 characters in GSM-7 (plain English). */
export const SMS_SEGMENT_UNITS = { ucs2: 70, gsm7: 160 } as const;

/**
 * The SMS text in the player's language, telling them to keep the code to themselves (codes are phished by
 * callers who pretend to be the app). Amharic is sent as UCS-2, so it stays within one 70-unit segment or every
 * code would cost two messages.
 */
export function otpSmsText(code: string, lang: 'en' | 'am'): string {
  const minutes = LIMITS.otpTtlSec / 60;
  return lang === 'am'
    ? `የቃል ማረጋገጫ ኮድዎ ${code} ነው። ለ${minutes} ደቂቃ ያገለግላል። ለማንም አያጋሩ።`
    : `Your Qal verification code is ${code}. It is valid for ${minutes} minutes. Do not share it.`;
}
