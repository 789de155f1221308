import { describe, expect, it } from 'vitest';
import { formatSignedAmount, gameLinkOf } from './transaction-list.tsx';

describe('signed token amounts', () => {
  it('shows money in with a plus and money out with a minus sign', () => {
    expect(formatSignedAmount(100, 'en')).toBe('+100');
    expect(formatSignedAmount(-9, 'en')).toBe('\u22129');
    expect(formatSignedAmount(1500, 'en')).toBe('+1,500');
    expect(formatSignedAmount(0, 'en')).toBe('0');
  });
});

describe('the game a movement came from', () => {
  it('links a room match to its replay, an arcade game to its check, and single-player Hangman to its page', () => {
    expect(gameLinkOf('crazy.3f1c')).toEqual({ slug: 'crazy', to: '/multiplayer/replay/crazy.3f1c' });
    expect(gameLinkOf('hangman-duel.9a')).toEqual({ slug: 'hangman', to: '/multiplayer/replay/hangman-duel.9a' });
    expect(gameLinkOf('codebreaker-race.5')).toEqual({ slug: 'codebreaker', to: '/multiplayer/replay/codebreaker-race.5' });
    expect(gameLinkOf('mines.77')).toEqual({ slug: 'mines', to: '/fairness?match=mines.77' });
    expect(gameLinkOf('0b6f4c1e-1111-4222-8333-944445555666')).toEqual({ slug: 'hangman', to: '/hangman' });
  });
});
