/**
 * Every number the leaderboard service depends on (docs/product-rules.md, "Leaderboards", "Badges", "Statistics"), in one place.
 */
import { GAME_MODULES, HANGMAN_MAX_SCORE, type GameSlug } from '@qal/game-engine';
import type { TransferReason } from '@qal/events';

// ---------------------------------------------------------------------------------------------------------------
// Periods
// ---------------------------------------------------------------------------------------------------------------

/** Africa/Addis_Ababa is UTC+3 all year (no daylight saving): boards turn over at midnight there. */
export const ADDIS_ABABA_UTC_OFFSET_HOURS = 3;
/** Weeks start on Monday (ISO 8601), in Addis Ababa time. */
export const WEEK_STARTS_ON = 'monday';
/**
 * The boards' periods. A month and a year are Gregorian; the Ethiopian month (13 of them, the last being the 5 or 6
 * days of ጳጉሜን) and year are boards of their own, which the Amharic app shows as its month and year.
 */
export const PERIODS = ['day', 'week', 'month', 'year', 'all', 'ethiopian-month', 'ethiopian-year'] as const;
export type Period = (typeof PERIODS)[number];
/** The one key of the all-time period. */
export const ALL_TIME_KEY = 'all';

// ---------------------------------------------------------------------------------------------------------------
// Scores
// ---------------------------------------------------------------------------------------------------------------

/** Hangman's highest possible score (a perfect game on the longest word), from the engine's own scoring. */
export { HANGMAN_MAX_SCORE };

/**
 * Each game's maximum score, as its game module states it: the global board sums best ÷ max × GLOBAL_POINTS_PER_GAME
 * over games, so no single game dominates. A game without one is not on the global board.
 */
export const GAME_MAX_SCORES: Readonly<Partial<Record<GameSlug, number>>> = Object.fromEntries(
  GAME_MODULES.flatMap((module) => {
    const max = module.leaderboard.maxScore;
    return max === null ? [] : [[module.kind === 'room' ? module.roomGame : module.id, max]];
  }),
);
/**
 * The room games the leaderboard counts from their room's MatchStarted and MatchFinished, by module id (a match id's
 * prefix) to the catalogue slug they count under. The word duel and Crazy report their own facts on their match
 * streams (rounds, leavers), so they are not here.
 */
const ROOM_GAMES_WITH_OWN_FACTS: ReadonlySet<string> = new Set(['hangman-duel', 'crazy']);
export const ROOM_GAME_OF_MODULE: ReadonlyMap<string, string> = new Map(
  GAME_MODULES.flatMap((module) =>
    module.kind === 'room' && !ROOM_GAMES_WITH_OWN_FACTS.has(module.id) ? [[module.id, module.roomGame]] : [],
  ),
);
/** What a game's maximum score is worth on the global board. */
export const GLOBAL_POINTS_PER_GAME = 1000;
/**
 * Global scores are kept as integers in thousandths of a point, so sums and ties are exact (no floating error
 * decides a rank) and a rebuild gives bit-identical numbers.
 */
export const GLOBAL_SCORE_SCALE = 1000;

// ---------------------------------------------------------------------------------------------------------------
// Badges (precedence as listed)
// ---------------------------------------------------------------------------------------------------------------

export const BADGES = ['emperor', 'nigus', 'ras', 'fitawrari'] as const;
export type Badge = (typeof BADGES)[number];
/** Per-game ranks (ties share a rank) that earn each game badge; Emperor is global rank 1. */
export const BADGE_RANKS = {
  nigus: { from: 1, to: 1 },
  ras: { from: 2, to: 6 },
  fitawrari: { from: 7, to: 21 },
} as const;
/** Badges are earned on the all-time boards. */
export const BADGE_PERIOD: Period = 'all';

// ---------------------------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------------------------

/**
 * Wallet credits that count as tokens earned: what games paid out, i.e. single-player rewards and multiplayer
 * payouts, each attributed to its match's game and category. Not earned: the welcome grant and the daily bonus
 * (gifts), purchases (bought), refunds (the player's own tokens back) and corrections.
 */
export const EARNED_REASONS: ReadonlySet<TransferReason> = new Set<TransferReason>(['reward', 'payout']);
/** Plays kept per player for the score-over-time chart. */
export const RECENT_PLAYS = 30;

// ---------------------------------------------------------------------------------------------------------------
// Queries and the API
// ---------------------------------------------------------------------------------------------------------------

export const BOARD_LIMIT_DEFAULT = 50;
export const BOARD_LIMIT_MAX = 100;
/** Random bytes of a share id (base64url): unguessable. */
export const SHARE_ID_BYTES = 16;

// ---------------------------------------------------------------------------------------------------------------
// The projection
// ---------------------------------------------------------------------------------------------------------------

/** Subscriber name of the projection; its checkpoint is stored under it. */
export const PROJECTION_NAME = 'leaderboard';
/**
 * Events per live batch, of the whole log (most are not the leaderboard's and cost it nothing). Under load a batch's
 * turn on the embedded mode's one connection is the dear part, so a live batch takes what the coalescing wait let in:
 * with 500 the projection needed several turns a second at the peer's load and fell behind (bench:rooms).
 */
export const LIVE_BATCH_SIZE = 2_000;
/** Events per batch of a rebuild (bigger: fewer round trips). */
export const REBUILD_BATCH_SIZE = 20_000;
/** Read-model rows the live projection keeps between batches (dropped and read back beyond this). */
export const LIVE_CACHE_ROWS = 200_000;
/**
 * How often the live projection looks for new events when no local append woke it (and how long it waits at most
 * between re-checks after one whose event was not readable yet): bounds the lag a poll adds.
 */
export const LIVE_POLL_INTERVAL_MS = 100;
/**
 * After a live batch, wait this long before the next: one transaction takes what came meanwhile. Boards may lag by
 * this much (the target is a second); in the embedded mode every transaction holds the one PGlite connection that
 * moves wait for, so fewer of them keep moves fast (bench:rooms). catchUp() cuts the wait short.
 */
export const LIVE_COALESCE_MS = 250;
/**
 * Read-model rows a rebuild keeps in memory between batches (a few hundred bytes each), so it writes without
 * reading back; beyond this it drops them and reads what each batch needs.
 */
export const REBUILD_CACHE_ROWS = 2_000_000;
/** How long a caller waits for the projection to include an event before answering anyway. */
export const CATCH_UP_TIMEOUT_MS = 5_000;
/** How often a waiter looks at the stored checkpoint (another process's instance may have taken the batch). */
export const CHECKPOINT_POLL_MS = 100;
/** Attempts of the rebuild's final swap when the live projection keeps moving ahead of the shadow tables. */
export const REBUILD_SWAP_ATTEMPTS = 20;

/** Where the process answers /metrics (Prometheus) when METRICS_PORT is not set. */
export const METRICS_PORT_DEFAULT = 9103;
