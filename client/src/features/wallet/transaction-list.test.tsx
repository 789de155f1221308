import { describe, expect, it } from 'vitest';
import { formatSignedAmount } from './transaction-list.tsx';

describe('signed token amounts', () => {
  it('shows money in with a plus and money out with a minus sign', () => {
    expect(formatSignedAmount(100, 'en')).toBe('+100');
    expect(formatSignedAmount(-9, 'en')).toBe('\u22129');
    expect(formatSignedAmount(1500, 'en')).toBe('+1,500');
    expect(formatSignedAmount(0, 'en')).toBe('0');
  });
});
