import * as z from 'zod/mini';
import { CodebreakerHint } from './arcade/codebreaker.ts';

/**
 * A room's Codebreaker race as one player sees it (`mode: 'codebreaker-race'`): one shared secret code for everyone,
 * each player's own guesses with their digits, the others' progress as attempts and pegs only (never their digits),
 * the room's shared hints, the clock. The code, every guess's digits and the server seed show once the race is over.
 */
export const CODE_RACE_PLAYER_STATUSES = ['racing', 'solved', 'out_of_attempts', 'left', 'timed_out'] as const;

export const CodeRaceGuess = z.object({ digits: z.nullable(z.string()), exact: z.int(), misplaced: z.int(), at: z.string() });
export type CodeRaceGuess = z.infer<typeof CodeRaceGuess>;

export const CodeRacePlayer = z.object({
  id: z.string(),
  status: z.enum(CODE_RACE_PLAYER_STATUSES),
  attemptsUsed: z.int(),
  /** `digits` is null in another player's guesses until the race is over. */
  guesses: z.array(CodeRaceGuess),
  score: z.int(),
});
export type CodeRacePlayer = z.infer<typeof CodeRacePlayer>;

export const CodeRaceView = z.object({
  mode: z.literal('codebreaker-race'),
  matchId: z.string(),
  roomCode: z.string(),
  status: z.enum(['playing', 'finished']),
  codeLength: z.int(),
  attemptsMax: z.int(),
  players: z.array(CodeRacePlayer),
  /** The room's hints taken so far, in order (shared by everyone). */
  hints: z.array(CodebreakerHint),
  hintsMax: z.int(),
  startedAt: z.string(),
  deadline: z.string(),
  me: z.nullable(z.string()),
  /** The winners (a tie shares), once finished. */
  winners: z.array(z.string()),
  code: z.nullable(z.string()),
  fairness: z.object({ commitment: z.string(), serverSeed: z.nullable(z.string()), clientSeed: z.string(), nonce: z.int() }),
});
export type CodeRaceView = z.infer<typeof CodeRaceView>;

export const CodeRaceReplay = z.object({
  kind: z.literal('codebreaker-race'),
  matchId: z.string(),
  roomCode: z.string(),
  final: CodeRaceView,
  steps: z.array(z.object({ event: z.string(), playerId: z.nullable(z.string()), view: CodeRaceView })),
});
export type CodeRaceReplay = z.infer<typeof CodeRaceReplay>;
