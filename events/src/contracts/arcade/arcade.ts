import * as z from 'zod/mini';
import { DailyPlays } from '../hangman.ts';

/**
 * A single-player game of the arcade (Codebreaker, Mines, Sum Chaser, Geo Sprint, Math Sprint, Rapid Recall) as its
 * player sees it: what every such game shares (its fairness commitment, its clock, its outcome) around `play`, the
 * game's own view (contracts/arcade/<game>.ts). No secret is in it before the end: `fairness.serverSeed` is null and
 * `play` holds only what the game has shown.
 */
export const ArcadeFairness = z.object({
  /** SHA-256 of the server seed's bytes, lowercase hex: published at the start. */
  commitment: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  /** Revealed once the game is over; null before. */
  serverSeed: z.nullable(z.string()),
});
export type ArcadeFairness = z.infer<typeof ArcadeFairness>;

export const ARCADE_STATUSES = ['playing', 'won', 'lost'] as const;

export const ArcadeOutcome = z.object({
  score: z.number(),
  tokens: z.number(),
  xp: z.number(),
  finishedAt: z.string(),
});
export type ArcadeOutcome = z.infer<typeof ArcadeOutcome>;

export const ArcadeView = z.object({
  mode: z.literal('arcade'),
  game: z.string(),
  matchId: z.string(),
  status: z.enum(ARCADE_STATUSES),
  startedAt: z.string(),
  /** The next instant the server acts on its own (a question's or the game's time running out); null when none. */
  deadline: z.nullable(z.string()),
  /** The server's clock when it built this view: the client's countdown follows it, not the phone's clock. */
  serverNow: z.string(),
  cost: z.number(),
  /** The options the game was started with (level, number of mines…): the verifier needs them too. */
  options: z.record(z.string(), z.unknown()),
  fairness: ArcadeFairness,
  outcome: z.nullable(ArcadeOutcome),
  /** The game's own view. */
  play: z.looseObject({}),
});
export type ArcadeView = z.infer<typeof ArcadeView>;

/** POST /games/:slug/play → `{ matchId, view }`. */
export const ArcadePlayAnswer = z.object({ matchId: z.string(), view: ArcadeView });
export type ArcadePlayAnswer = z.infer<typeof ArcadePlayAnswer>;

/** GET /games/:slug/current: the game in progress, if any, and today's plays against the limit. */
export const CurrentArcade = z.object({
  match: z.nullable(z.object({ matchId: z.string(), view: ArcadeView })),
  plays: DailyPlays,
});
export type CurrentArcade = z.infer<typeof CurrentArcade>;

/** GET /fairness/games: the player's finished arcade games, newest first, to verify one. */
export const FinishedArcadeGame = z.object({
  matchId: z.string(),
  game: z.string(),
  status: z.enum(ARCADE_STATUSES),
  score: z.number(),
  finishedAt: z.string(),
});
export type FinishedArcadeGame = z.infer<typeof FinishedArcadeGame>;
export const FinishedArcadeGames = z.object({ games: z.array(FinishedArcadeGame) });

/** GET /fairness: the player's client seed (null: one is drawn at their first game) and the nonce their next game will use. */
export const FairnessProfile = z.object({ clientSeed: z.nullable(z.string()), nextNonce: z.number() });
export type FairnessProfile = z.infer<typeof FairnessProfile>;
