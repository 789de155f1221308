/**
 * Ranks with ties and the badge a player shows (docs/product-rules.md, "Badges"): Emperor = global
 * #1, Nigus = #1 of a game, Ras = ranks 2–6 of a game, Fitawrari = ranks 7–21; ties share a rank; a player shows
 * only their highest badge.
 */
import { BADGE_RANKS, BADGES, type Badge } from '../config.ts';

/** Competition ranks ("1224") of scores given best first: a tie shares the rank, the next rank skips. */
export function competitionRanks(scoresBestFirst: readonly number[]): number[] {
  const ranks: number[] = [];
  scoresBestFirst.forEach((score, i) => {
    ranks.push(i > 0 && score === scoresBestFirst[i - 1] ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}

/** The badge a rank on a game's board earns, if any. */
export function gameBadgeForRank(rank: number): Badge | null {
  for (const badge of ['nigus', 'ras', 'fitawrari'] as const) {
    const { from, to } = BADGE_RANKS[badge];
    if (rank >= from && rank <= to) return badge;
  }
  return null;
}

/** The highest of a player's badges, by precedence; null when they have none. */
export function highestBadge(badges: Iterable<Badge | null>): Badge | null {
  let best: Badge | null = null;
  for (const badge of badges) {
    if (badge && (best === null || BADGES.indexOf(badge) < BADGES.indexOf(best))) best = badge;
  }
  return best;
}
