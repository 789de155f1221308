import { LIMITS } from '../../config.ts';

/**
 * The SMS text in the player's language. Amharic is sent as UCS-2 (70 characters a segment), so it stays
 * under 70 characters or every code would cost two messages.
 */
export function otpSmsText(code: string, lang: 'en' | 'am'): string {
  const minutes = LIMITS.otpTtlSec / 60;
  return lang === 'am'
    ? `የቃል ማረጋገጫ ኮድዎ ${code} ነው። ለ${minutes} ደቂቃ ያገለግላል።`
    : `Your Qal verification code is ${code}. It is valid for ${minutes} minutes. Do not share it.`;
}
