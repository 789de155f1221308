/**
 * The contract every game implements: one value per game folder, listed once in registry.ts. The engine routes
 * commands, timers, payouts, history and replay through it, and never names a game itself.
 *
 * Everything here is pure: time comes in on commands (`at`), chance comes in as a seed, and the shell around it
 * (service/) does the loading, appending and ledger work. See docs/architecture.md, "Adding a game".
 */
import type { GameMove } from '@qal/events';
import type { ZodSafeParseResult } from 'zod';
import type { LocalizedText } from '../catalogue/localized.ts';
import type { GameTexts } from '../catalogue/texts.ts';
import type { FairRandom } from '../fairness/fairness.ts';

/** A named rejection of a game: the HTTP status the gateway answers with and the message in both languages. */
export interface RejectionText extends LocalizedText {
  readonly status: 400 | 403 | 404 | 409 | 422;
}

/** A game's events as its zod discriminated union on `type` (each option a z.literal type). */
export interface GameEventUnion<E> {
  readonly options: readonly { readonly shape: { readonly type: { readonly value: string } } }[];
  safeParse(input: unknown): ZodSafeParseResult<E>;
}

export interface GameEvent {
  readonly type: string;
  readonly data: object;
}

/**
 * How a game's matches are stored: one stream per match, `<prefix><matchId>`. A new game takes MATCH_STREAM_PREFIX
 * (`match-`): its match ids name it, and the relay already routes `match-` streams to the engine's topic. (The word
 * duel and Crazy keep the prefixes they were first stored under.)
 */
export interface GameStreamSpec<E, S> {
  readonly streamType: string;
  readonly prefix: string;
  readonly events: GameEventUnion<E>;
  /** The first event of every match of the game. */
  readonly startType: string;
  fold(events: readonly E[]): S;
  evolve(state: S, event: E): S;
}

/** What a room hands its game at the start of a match. */
export interface RoomMatchSetup {
  readonly matchId: string;
  readonly roomCode: string;
  /** Seat order. */
  readonly players: readonly string[];
  readonly gameDuration: 'normal' | 'rush';
  readonly language: 'en' | 'am';
  readonly startedAt: string;
}

/** The timers of a match, as the sweeper reads them from the read model. */
export interface MatchClock {
  readonly status: string;
  /** Counts the turns: a timer for an older turn is stale. */
  readonly turn: number;
  readonly currentPlayer: string | null;
  readonly turnDeadline: string | null;
  readonly turnMs: number;
  /** When the whole match ends on time; null for a game without a match clock. */
  readonly matchDeadline: string | null;
}

/** The end of a match: winners first finisher first (ties share), and each player's score. */
export interface MatchOutcome {
  readonly winners: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  readonly finishedAt: string | null;
}

/** What the leaderboard counts of a game. */
export interface LeaderboardFacts {
  /** The best score a game can give (the global board divides by it, so no game dominates); null: not ranked apart. */
  readonly maxScore: number | null;
  /** The statistics category the game counts in. */
  readonly category: string;
}

/** One step of a replay: what happened and what everyone saw after it. */
export interface ReplayOf<V> {
  readonly final: V;
  readonly steps: readonly unknown[];
}

/** A game played in rooms, 2 or more players, its match on a stream of its own beside the room's. */
export interface RoomGameModule<S = unknown, E extends GameEvent = GameEvent, C = unknown, V = unknown> {
  readonly kind: 'room';
  /** The module's id: the prefix of its match ids (`<id>.<uuid>`), unique in the registry. */
  readonly id: string;
  /** The catalogue slug a room's settings name (the word duel is `hangman`). */
  readonly roomGame: string;
  /** The `kind` of its match summaries and replays as clients know them. */
  readonly viewKind: string;
  /** The game's limits in a room. */
  readonly players: { readonly min: number; readonly max: number };
  /** A room's smallest entry fee. */
  readonly entryFeeMin: number;
  /** The game's named constants, as the catalogue and the instructions show them. */
  readonly rules: Readonly<Record<string, unknown>>;
  readonly stream: GameStreamSpec<E, S>;
  /** The move types of its own beyond the ones the events contract lists (moveCommand parses them). */
  readonly ownMoves?: readonly string[];
  /**
   * The events that open a match; the room checked the setup already, so a bad one throws. `serverSeed`: 64 lowercase
   * hex the shell drew for this match; the match's chance is its provably fair stream (games/fair-chance.ts
   * roomSeeds: that seed, the match's id as the client seed, nonce 0), committed in the views from the start and
   * revealed once the match is over.
   */
  start(setup: RoomMatchSetup, serverSeed: string): E[];
  /** One command decided: its events and the state after them, or a named rejection. */
  step(command: C, state: S): { readonly events: E[]; readonly state: S } | string;
  /** A player's move as the game's command; a rejection name when the move is not this game's. */
  moveCommand(move: GameMove, playerId: string, at: string): C | string;
  /** The command of a turn's timer. */
  timeoutCommand(turn: number, at: string): C;
  /** The command of the match's own clock running out; null when the game has none. */
  endOnTimeCommand(at: string): C | null;
  /** A player leaving a started match: a forfeit. */
  leaveCommand(playerId: string, at: string): C;
  /** Everyone seated in the match, in seat order (those who left included). */
  playerIds(state: S): readonly string[];
  roomCodeOf(state: S): string;
  clockOf(state: S): MatchClock;
  /** The outcome once the match is over (its finishing event is among `events`); null otherwise. */
  outcomeOf(state: S, events: readonly E[]): MatchOutcome | null;
  /** Players the match removed for timing out turns in a row (the room counts it as a forfeit). */
  removedForTimeouts(events: readonly E[]): readonly { readonly playerId: string; readonly at: string }[];
  /** What `viewerId` may see (null: a spectator), nothing more. */
  viewFor(state: S, viewerId: string | null): V;
  /** Every step of a finished match, hidden information shown. */
  replay(events: readonly E[], state: S): ReplayOf<V>;
  readonly rejections: Readonly<Record<string, RejectionText>>;
  readonly leaderboard: LeaderboardFacts;
  /** Title, description and the instructions generated from the rules, in English and Amharic. */
  readonly texts: GameTexts;
}

/** A game one player plays alone, paid at the start (single-player Hangman). */
export interface SoloGameModule<S = unknown, E extends GameEvent = GameEvent, C = unknown, V = unknown> {
  readonly kind: 'solo';
  readonly id: string;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly costTokens: number;
  readonly dailyPlayLimit: number;
  /** The move types of its own beyond the ones the events contract lists (moveCommand parses them). */
  readonly ownMoves?: readonly string[];
  /** A player's move as the game's command; a rejection name when the move is not this game's. */
  moveCommand(move: GameMove, matchId: string, playerId: string, at: string): C | string;
  decide(command: C, state: S): E[] | string;
  evolve(state: S, event: E): S;
  viewFor(state: S, viewerId: string | null): V;
  readonly rejections: Readonly<Record<string, RejectionText>>;
  readonly leaderboard: LeaderboardFacts;
  /** Title, description and the instructions generated from the rules, in English and Amharic. */
  readonly texts: GameTexts;
}

/** What the engine hands an arcade game at its start. */
export interface ArcadeSetup<O, M> {
  readonly matchId: string;
  readonly playerId: string;
  /** The start's instant (ISO 8601); every deadline of the game counts from it. */
  readonly startedAt: string;
  /** The player's choices, as the module's parseOptions accepted them. */
  readonly options: O;
  /**
   * The game's chance: the match's provably fair stream (fairness/), seeded with the server seed committed at the
   * start, the player's client seed and nonce. Every random choice of the game is drawn from it, here, in an order
   * the game's rules fix, so the browser's verifier can draw the same choices again once the seed is revealed.
   */
  readonly random: FairRandom;
  /** What the game remembers of the player's earlier games (see ArcadeMemory), folded from the player's memory stream. */
  readonly memory: M;
}

/** A finished arcade game's result: what the board ranks, the ledger pays and the stats count. */
export interface ArcadeResult {
  /** True for a win or a cash-out with something in it; false for a loss (a mine, a wrong call, time out with nothing). */
  readonly won: boolean;
  readonly score: number;
  /** Tokens paid from issuance to the player (0 for none), within REWARD_TOKENS_MAX. */
  readonly tokens: number;
  readonly xp: number;
  readonly finishedAt: string;
}

/**
 * What a game keeps of a player's earlier games (Geo Sprint: the questions seen, so none comes again before the rest
 * of its category). The engine stores the events `keeps` picks from each start on the player's memory stream of the
 * game and folds them with `evolve` for the next start.
 */
export interface ArcadeMemory<M, E> {
  readonly initial: M;
  keeps(event: E): boolean;
  evolve(memory: M, event: E): M;
}

/**
 * A single-player game of the arcade: paid at its start, its chance from the fairness module, played by moves,
 * timed by the server. The engine runs the paid start, the daily limit, the reward and the reveal of the seed for
 * every such game (service/arcade.ts); the module is pure rules. Its matches are `match-<id>.<uuid>` streams.
 */
export interface ArcadeGameModule<
  S = unknown,
  E extends GameEvent = GameEvent,
  C = unknown,
  V extends object = object,
  O = unknown,
  M = unknown,
> {
  readonly kind: 'arcade';
  /** The catalogue slug, also the prefix of its match ids. */
  readonly id: string;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly costTokens: number;
  readonly dailyPlayLimit: number;
  /** The move types of its own (moveCommand parses them); a listed move type the game uses needs no entry. */
  readonly ownMoves?: readonly string[];
  readonly stream: GameStreamSpec<E, S>;
  /** The start request's options (level, number of mines…); a rejection name when they are not valid. */
  parseOptions(input: unknown): O | string;
  /** The game's first events (the first of type stream.startType), every chance drawn from setup.random. */
  start(setup: ArcadeSetup<O, M>): E[];
  /** One command decided: its events and the state after them, or a named rejection. */
  step(command: C, state: S): { readonly events: E[]; readonly state: S } | string;
  /** A player's move as the game's command, timed `at` (the server's clock); a rejection name when not this game's. */
  moveCommand(move: GameMove, playerId: string, at: string): C | string;
  /** The command sent when deadlineOf(state) has passed: at that instant (the sweeper, or a late move first). */
  expireCommand(at: string): C;
  /** The next instant the game acts on its own (a question's time, the game's end); null when none or over. */
  deadlineOf(state: S): string | null;
  /** The result once the game is over; null while it is being played. */
  resultOf(state: S): ArcadeResult | null;
  /**
   * The player's view at `now`: only what has been shown (a sequence's items whose time has come, never an answer,
   * a mine or a code before the end); everything, the secrets too, once the game is over.
   */
  viewFor(state: S, now: string): V;
  readonly memory?: ArcadeMemory<M, E>;
  readonly rejections: Readonly<Record<string, RejectionText>>;
  readonly leaderboard: LeaderboardFacts;
  /** Title, description and the instructions generated from the rules, in English and Amharic. */
  readonly texts: GameTexts;
}

export type GameModule = RoomGameModule | SoloGameModule | ArcadeGameModule;
