import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** An Ethiopian mobile number in E.164 (`+2519…` or `+2517…`). */
export type EthiopianMobile = `+251${string}`;

const ALLOWED_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Accepts what people type (`09…`, `07…`, `2519…`, `+2519…`, with spaces, dashes or dots) and returns E.164,
 * or null for anything that is not a valid Ethiopian mobile number (fixed lines, other countries, garbage).
 */
export function normalizeEthiopianMobile(input: string): EthiopianMobile | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d{9,13}$/.test(compact)) return null;
  const international = compact.startsWith('+') ? compact : compact.startsWith('251') ? `+${compact}` : compact;
  const phone = parsePhoneNumberFromString(international, 'ET');
  if (!phone || phone.country !== 'ET' || !phone.isValid()) return null;
  const type = phone.getType();
  if (!type || !ALLOWED_TYPES.has(type)) return null;
  // Mobiles are +2519… (Ethio Telecom) and +2517… (Safaricom); the rarely used 8x range is refused (docs/product-rules.md).
  if (!/^\+251[79]\d{8}$/.test(phone.number)) return null;
  return phone.number as EthiopianMobile;
}

/** For logs: `+2519****4567`. Codes and full numbers never reach a log line. */
export function maskPhone(phone: string): string {
  if (phone.length < 9) return '****';
  return `${phone.slice(0, 5)}****${phone.slice(-4)}`;
}
