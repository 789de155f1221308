import { describe, expect, it } from 'vitest';
import { competitionRanks, gameBadgeForRank, highestBadge } from './badges.ts';

describe('ranks and badges', () => {
  it('gives tied scores the same rank and skips the ranks they fill', () => {
    expect(competitionRanks([900, 800, 800, 700, 700, 700, 100])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('maps game ranks to Nigus (1), Ras (2-6), Fitawrari (7-21) and nothing below', () => {
    expect([1, 2, 6, 7, 21, 22].map(gameBadgeForRank)).toEqual(['nigus', 'ras', 'ras', 'fitawrari', 'fitawrari', null]);
  });

  it('shows only the highest badge: Emperor over Nigus over Ras over Fitawrari', () => {
    expect(highestBadge(['fitawrari', 'ras', null])).toBe('ras');
    expect(highestBadge(['ras', 'emperor', 'nigus'])).toBe('emperor');
    expect(highestBadge([null, null])).toBeNull();
  });
});
