/** What a won single-player round pays, and how XP becomes levels (docs/product-rules.md, "Tokens"). */
import {
  LEVEL_FIRST,
  LEVEL_XP_PER_LEVEL,
  REWARD_SCORE_PER_TOKEN,
  REWARD_TOKENS_MAX,
  XP_BASE,
  XP_MAX,
  XP_SCORE_PER_POINT,
} from '../config.ts';

/** Tokens for a won round: min(5, floor(score / 100)). A lost round pays nothing. */
export function tokensForScore(score: number): number {
  return Math.min(REWARD_TOKENS_MAX, Math.floor(Math.max(0, score) / REWARD_SCORE_PER_TOKEN));
}

/** XP for a won round: min(10, 5 + floor(score / 100)). A lost round gives none. */
export function xpForScore(score: number): number {
  return Math.min(XP_MAX, XP_BASE + Math.floor(Math.max(0, score) / XP_SCORE_PER_POINT));
}

export interface Level {
  readonly level: number;
  /** XP earned since reaching `level`. */
  readonly xpIntoLevel: number;
  /** XP the step from `level` to `level + 1` takes (100 · level). */
  readonly xpForNextLevel: number;
}

/** The level a player with `totalXp` XP has reached: going from L to L + 1 takes 100 · L XP. */
export function levelFor(totalXp: number): Level {
  let level = LEVEL_FIRST;
  let remaining = Math.max(0, Math.floor(totalXp));
  while (remaining >= LEVEL_XP_PER_LEVEL * level) {
    remaining -= LEVEL_XP_PER_LEVEL * level;
    level += 1;
  }
  return { level, xpIntoLevel: remaining, xpForNextLevel: LEVEL_XP_PER_LEVEL * level };
}
