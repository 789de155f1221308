/**
 * Ethiopian mobile numbers as people type them: 09…, 07…, 9…, 7… (after the fixed +251 hint),
 * 2519…, +2519… — spaces and dashes ignored. Returns E.164 (+2519XXXXXXXX) or null.
 */
export function normalizeEthiopianPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?251|0)?([79]\d{8})$/.exec(compact);
  return match ? `+251${match[1]}` : null;
}
