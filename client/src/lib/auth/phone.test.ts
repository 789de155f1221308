import { describe, expect, it } from 'vitest';
import { normalizeEthiopianPhone } from './phone.ts';

describe('Ethiopian phone numbers', () => {
  it('accepts the forms people type and returns E.164', () => {
    expect(normalizeEthiopianPhone('0911223344')).toBe('+251911223344');
    expect(normalizeEthiopianPhone('0711223344')).toBe('+251711223344');
    expect(normalizeEthiopianPhone('+251 911 22 33 44')).toBe('+251911223344');
    expect(normalizeEthiopianPhone('251911223344')).toBe('+251911223344');
    expect(normalizeEthiopianPhone('911223344')).toBe('+251911223344');
  });

  it('rejects numbers that are not Ethiopian mobiles', () => {
    expect(normalizeEthiopianPhone('0111223344')).toBeNull();
    expect(normalizeEthiopianPhone('+1 555 123 4567')).toBeNull();
    expect(normalizeEthiopianPhone('09112233')).toBeNull();
    expect(normalizeEthiopianPhone('')).toBeNull();
  });
});
