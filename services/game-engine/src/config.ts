/**
 * Every number the game engine's rules depend on, in one place (docs/product-rules.md, "The catalogue", "Hangman").
 * The catalogue's instructions are generated from these same constants, so what a player reads is what the
 * engine enforces.
 */

// ---------------------------------------------------------------------------------------------------------------
// Every single-player game
// ---------------------------------------------------------------------------------------------------------------

/** Plays a player may start of one game per Africa/Addis_Ababa calendar day, unless the game says otherwise. */
export const DAILY_PLAY_LIMIT_DEFAULT = 15;

/** A won round pays floor(score / REWARD_SCORE_PER_TOKEN) tokens, at most REWARD_TOKENS_MAX. */
export const REWARD_SCORE_PER_TOKEN = 100;
export const REWARD_TOKENS_MAX = 5;
/** A won round gives XP_BASE + floor(score / XP_SCORE_PER_POINT) XP, at most XP_MAX. */
export const XP_BASE = 5;
export const XP_SCORE_PER_POINT = 100;
export const XP_MAX = 10;
/** Going from level L to L + 1 takes LEVEL_XP_PER_LEVEL · L XP. */
export const LEVEL_XP_PER_LEVEL = 100;
/** A new player starts here. */
export const LEVEL_FIRST = 1;

// ---------------------------------------------------------------------------------------------------------------
// Hangman
// ---------------------------------------------------------------------------------------------------------------

export const HANGMAN_COST_TOKENS = 9;
export const HANGMAN_DAILY_PLAY_LIMIT = 20;
/** Wrong guesses that lose the game. */
export const HANGMAN_LIVES = 7;
/** Hints per single-player game; each reveals one unguessed letter. */
export const HANGMAN_HINTS = 2;
export const HANGMAN_HINT_COST_POINTS = 50;
/** A guess or hint at or after startedAt + this ends the game as lost. */
export const HANGMAN_TIME_LIMIT_SECONDS = 120;
export const HANGMAN_TIME_LIMIT_MS = HANGMAN_TIME_LIMIT_SECONDS * 1000;

/** Score = 100m + 10·length·m − 20·wrong − 50·hints + (perfect ? 200m : 0) + floor(50·m·(1 − t/T)). */
export const HANGMAN_SCORE_BASE_POINTS = 100;
export const HANGMAN_SCORE_POINTS_PER_LETTER = 10;
export const HANGMAN_SCORE_WRONG_GUESS_PENALTY = 20;
export const HANGMAN_SCORE_PERFECT_BONUS = 200;
export const HANGMAN_SCORE_TIME_BONUS_MAX = 50;

/**
 * Length multiplier m, in tenths so scores are computed in exact integers: English words of 4 letters get 1.0,
 * 5 → 1.5, 6 → 2.0, 7 → 2.8, 8 → 4.0, 9 or more → 5.0 (the prior system's 1.0 for 9+ was a bug). Shorter words
 * get the 4-letter value.
 */
export const HANGMAN_MULTIPLIER_TENTHS_BY_LENGTH: ReadonlyArray<readonly [minLength: number, tenths: number]> = [
  [9, 50],
  [8, 40],
  [7, 28],
  [6, 20],
  [5, 15],
  [0, 10],
];
/** An Amharic word of n fidel is scored with the English multiplier of n + this. */
export const HANGMAN_AMHARIC_LENGTH_OFFSET = 2;

/** Difficulty by length (letters, or fidel for Amharic; spaces do not count): easy up to EASY_MAX, hard from HARD_MIN. */
export const HANGMAN_DIFFICULTY_LENGTHS = {
  en: { easyMax: 5, hardMin: 8 },
  am: { easyMax: 2, hardMin: 4 },
} as const;
/** Shortest word the bank may hold, per language. */
export const HANGMAN_WORD_LENGTH_MIN = { en: 4, am: 2 } as const;
/** Longest word the bank may hold (letters or fidel), so a word fits a phone screen. */
export const HANGMAN_WORD_LENGTH_MAX = { en: 12, am: 8 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Crazy, Math Sprint and Rapid Recall (their folders' rules.ts re-export these; the other games keep theirs there)
// ---------------------------------------------------------------------------------------------------------------

export const CRAZY_ENTRY_FEE_TOKENS = 15;
export const CRAZY_PLAYERS_MIN = 2;
export const CRAZY_PLAYERS_MAX = 8;
export const CRAZY_DECKS = 2;
export const CRAZY_HAND_CARDS = 5;
export const CRAZY_TWO_DRAW = 2;
export const CRAZY_ACE_OF_SPADES_DRAW = 5;
export const CRAZY_WRONG_CARD_DRAW = 2;
export const CRAZY_FORGOTTEN_QEREGN_DRAW = 2;
export const CRAZY_TURN_SECONDS_NORMAL = 30;
export const CRAZY_TURN_SECONDS_RUSH = 15;

export const MATH_SPRINT_COST_TOKENS = 10;
export const MATH_SPRINT_TIME_LIMIT_SECONDS = 60;

export const RAPID_RECALL_COST_TOKENS = 8;
export const RAPID_RECALL_SEQUENCE_START = 3;
export const RAPID_RECALL_SEQUENCE_MAX = 15;
export const RAPID_RECALL_LIVES = 3;

// ---------------------------------------------------------------------------------------------------------------
// The engine service (service/): timers and plumbing, not rules
// ---------------------------------------------------------------------------------------------------------------

/** Africa/Addis_Ababa is UTC+3 all year: the daily play limit counts per calendar day there. */
export const ADDIS_ABABA_UTC_OFFSET_HOURS = 3;
/** A start still unfinished this long after it was requested (a crash between its steps) is called off and refunded. */
export const PLAY_REQUEST_STALE_MS = 60_000;
/** How often the sweeper looks for games past their deadline, stale starts and unpaid rewards. */
export const SWEEP_INTERVAL_MS = 5_000;
/** Matches the sweeper handles per pass and per kind of work. */
export const SWEEP_BATCH = 200;
/** A command that keeps losing optimistic-concurrency races gives up after this many attempts. */
export const MAX_APPEND_ATTEMPTS = 20;
/** How long a command waits for the read model to include its own write before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** Subscriber name of the engine's projection; its checkpoint is stored under it. */
export const PROJECTION_SUBSCRIBER = 'engine-projection';
/**
 * The projection waits this long after a batch before the next, so that under many moves one transaction takes
 * many (moves never wait for it; a room command that reads its own writes, and a room push, end the wait: see
 * SubscribeOptions). Each transaction holds the embedded mode's one PGlite connection, which moves wait for.
 */
export const PROJECTION_COALESCE_MS = 200;
/**
 * Events per projection batch, by database. A batch's transaction writes each of its duels' rows with their folded
 * state; on PGlite a move's append waits behind it for the one connection, and each batch waits its turn behind the
 * appends (~25 ms under load). With 100 a batch, when many duels end at once (their rooms, payouts and history, then
 * the next rooms set up) the projection fell seconds behind, and the commands that wait for it (a duel's last move, the
 * next room's setup) with it: engine command p99 2.3–2.7 s at the peer's load, 0.6–0.7 s with 400 (bench:rooms; a
 * size that grew from 100 to 400 only while behind read the same). On PostgreSQL appends do not wait for it, and
 * fewer, larger transactions serve the distributed mode better (bench:distributed).
 */
export const PROJECTION_BATCH_SIZE = { pglite: 400, postgres: 500 } as const;
/** The actor of commands the engine sends itself (fees, rewards, refunds, expiries). */
export const ENGINE_ACTOR = 'system:game-engine';

/** Where the process answers /metrics (Prometheus) when METRICS_PORT is not set. */
export const METRICS_PORT_DEFAULT = 9102;

// ---------------------------------------------------------------------------------------------------------------
// Multiplayer rooms (docs/product-rules.md, "Rooms"; the word duel's own rule numbers live with the duel)
// ---------------------------------------------------------------------------------------------------------------

export const ROOM_NAME_MAX = 100;
export const ROOM_DESCRIPTION_MAX = 500;
export const ROOM_PLAYERS_MIN = 2;
export const ROOM_PLAYERS_MAX = 8;
/** Tokens a player forfeits for leaving a started match. */
export const ROOM_PENALTY_MAX = 50;
export const ROOM_PASSWORD_MIN = 4;
export const ROOM_PASSWORD_MAX = 20;
/** The entry fee is the game's cost or more; this caps typos (a room nobody can afford is no room). */
export const ROOM_ENTRY_FEE_MAX = 1_000;
/** Bet amounts a player may propose, tokens per player. */
export const ROOM_BET_AMOUNTS: readonly number[] = [5, 10, 15, 20, 30, 40, 50];
/** Every joined player must accept a bet within this long of its proposal. */
export const ROOM_BET_EXPIRY_MS = 2 * 60_000;
/** Holds (entry fee, penalty, stake) the ledger gives back on its own if nothing resolves them by then. */
export const ROOM_HOLD_TTL_MS = 6 * 3_600_000;
/** A start refuses players whose holds would expire this soon (they un-ready and ready again). */
export const ROOM_HOLD_START_MARGIN_MS = 15 * 60_000;
/**
 * A waiting room nobody did anything in for this long (presence aside) is closed and every hold in it voided, so
 * players' tokens are not held for hours by a room that will never start.
 */
export const ROOM_IDLE_CLOSE_MS = 30 * 60_000;
/** (The duel's turn timer and duration by gameDuration are the duel's rules: games/hangman-duel/rules.ts.) */
/** A dropped player has this long to come back; after it their turns time out at once. */
export const ROOM_RECONNECT_GRACE_MS = 60_000;
/**
 * The house's rake on a room match's prize pot (docs/product-rules.md, "Rooms"): this percent of the entry fees and
 * this percent of the bets' stakes go to `house` when the match is settled, the total rounded down to whole tokens;
 * the rest of the pot is the winners' prize. Penalties forfeited by leavers are not raked. Integers.
 */
export const ROOM_RAKE_PERCENT_OF_FEES = 10;
export const ROOM_RAKE_PERCENT_OF_BETS = 0;
/** Attempts at a fresh code when a derived one is taken. */
export const ROOM_CODE_ATTEMPTS = 16;
/** A join whose password was checked against a hash the room no longer has checks again, this many times at most. */
export const ROOM_PASSWORD_CHECKS = 3;
/** How often the sweeper looks for room timers (turns, match durations, bet expiries) and unfinished ledger steps. */
export const ROOM_TIMER_INTERVAL_MS = 500;
/** Ledger steps of a room still unfinished this long after its last event are resumed by the sweeper. */
export const ROOM_MONEY_RETRY_AFTER_MS = 5_000;
