import { z } from 'zod';

/**
 * Commands owned by the game engine (services/game-engine), sent in the command envelope with these `type`s.
 * The engine answers with views only: a match's events (which hold the word and the seed) never leave it.
 * Language, category and difficulty are free text here so an unknown one is a named rejection, not a parse error.
 */
const Id = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _ . : -');

/** The paid start: daily limit, then the fee through the ledger, then the game. → `{ matchId, view }` */
export const PlayHangman = z.object({
  matchId: Id,
  userId: Id,
  language: z.string().min(1).max(20),
  category: z.string().min(1).max(40).optional(),
  difficulty: z.string().min(1).max(20).optional(),
});

export const HangmanMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('guess'), letter: z.string().min(1).max(8) }),
  z.object({ type: z.literal('hint') }),
]);
export type HangmanMove = z.infer<typeof HangmanMove>;

/** A guess or a hint, timed by the envelope's `issuedAt`. → `{ view }` */
export const MakeMove = z.object({ matchId: Id, userId: Id, move: HangmanMove });

/** Ends a game whose deadline passed at the envelope's `issuedAt` (timers and lazy reads). → `{ view }` */
export const ExpireHangman = z.object({ matchId: Id });

export const GameEngineCommands = { PlayHangman, MakeMove, ExpireHangman } as const;
export type GameEngineCommandType = keyof typeof GameEngineCommands;
export type GameEngineCommandPayload<K extends GameEngineCommandType> = z.infer<(typeof GameEngineCommands)[K]>;
export const GAME_ENGINE_COMMAND_TYPES = Object.keys(GameEngineCommands) as GameEngineCommandType[];
export const isGameEngineCommandType = (type: string): type is GameEngineCommandType => Object.hasOwn(GameEngineCommands, type);

/** Every reason the game engine rejects a command with (the Hangman rules' own, plus the paid start's). */
export const GAME_ENGINE_REJECTIONS = [
  'already_guessed',
  'not_a_letter_of_this_language',
  'game_over',
  'not_your_match',
  'no_hints_left',
  'unknown_category',
  'unknown_language',
  'unknown_difficulty',
  'no_words_for_selection',
  'match_not_found',
  'daily_limit_reached',
  'insufficient_tokens',
  /** The start could not be finished and was called off; any fee taken is refunded. */
  'play_abandoned',
  'deadline_not_reached',
  /** The payload does not match the command's schema, or the type is not an engine command. */
  'invalid_command',
] as const;
export type GameEngineRejection = (typeof GAME_ENGINE_REJECTIONS)[number];
