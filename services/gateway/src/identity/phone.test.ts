import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeEthiopianMobile } from './phone.ts';

describe('Ethiopian mobile numbers', () => {
  it.each([
    ['0911234567', '+251911234567'],
    ['0701234567', '+251701234567'],
    ['251911234567', '+251911234567'],
    ['+251911234567', '+251911234567'],
    ['+251 91 123 4567', '+251911234567'],
    ['091-123-4567', '+251911234567'],
    ['  0711 234 567 ', '+251711234567'],
  ])('accepts %s as %s', (input, e164) => {
    expect(normalizeEthiopianMobile(input)).toBe(e164);
  });

  it.each([
    ['0111234567', 'a fixed line in Addis'],
    ['0791234567', 'an unallocated 07 range'],
    ['0811234567', 'the 08 range, which is not a personal mobile here'],
    ['+12025550100', 'another country'],
    ['091123456', 'too short'],
    ['09112345678', 'too long'],
    ['abc', 'no digits'],
    ['', 'empty'],
    ['+251 91 123 4567 ext 2', 'trailing text'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeEthiopianMobile(input)).toBeNull();
  });

  it('masks numbers for logs', () => {
    expect(maskPhone('+251911234567')).toBe('+2519****4567');
  });
});
