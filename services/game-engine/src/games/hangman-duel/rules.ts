/**
 * Every number the word duel's rules depend on (docs/product-rules.md, "Word duel" and "Rooms").
 * Kept beside the duel rather than in config.ts so the rules stay in one folder; DuelStarted copies the ones a
 * match needs, so a later change never alters an open match.
 */
import type { HangmanLanguage } from '../hangman/alphabet.ts';

/** Players of one duel, in seat order. */
export const DUEL_PLAYERS_MIN = 2;
export const DUEL_PLAYERS_MAX = 8;

/** Wrong guesses a round's guessers share before the word is lost. */
export const DUEL_LIVES = 7;
/** Hints the whole room may use in one match; each reveals one letter, scores nothing and passes the turn. */
export const DUEL_ROOM_HINTS = 3;

/** A right guess scores this for every letter (fidel) it reveals, and the guesser keeps the turn. */
export const DUEL_POINTS_PER_LETTER = 10;
/** The guess that completes the word scores this on top of its letters. */
export const DUEL_COMPLETION_POINTS = 50;
/** The setter scores this when the guessers run out of lives. */
export const DUEL_SETTER_POINTS = 50;

/** A player whose turns time out this many times in a row is out of the match (as if they had left). */
export const DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE = 3;

/** Turn timer and match duration by the room's gameDuration. */
export const DUEL_TURN_SECONDS = { normal: 30, rush: 15 } as const;
export const DUEL_DURATION_SECONDS = { normal: 5 * 60, rush: 3 * 60 } as const;

/**
 * Letters (fidel in Amharic, spaces not counted) a set word may have. English 3–12 keeps words guessable and on a
 * phone screen; Amharic follows the word bank's bounds, since a fidel is a whole syllable.
 */
export const DUEL_WORD_LENGTH: Readonly<Record<HangmanLanguage, { readonly min: number; readonly max: number }>> = {
  en: { min: 3, max: 12 },
  am: { min: 2, max: 8 },
};
/** Longest raw text a SetWord may carry before it is even looked at (longer is `invalid_word`). */
export const DUEL_WORD_INPUT_MAX_CHARS = 100;

export type DuelGameDuration = keyof typeof DUEL_TURN_SECONDS;

/** The turn timer and match duration of a room's gameDuration, in ms (DuelConfig's turnMs and durationMs). */
export const duelTimesOf = (gameDuration: DuelGameDuration): { readonly turnMs: number; readonly durationMs: number } => ({
  turnMs: DUEL_TURN_SECONDS[gameDuration] * 1000,
  durationMs: DUEL_DURATION_SECONDS[gameDuration] * 1000,
});
