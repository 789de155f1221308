import * as z from 'zod/mini';
import { CrazyReplay, CrazyView } from './crazy.ts';
import { DuelReplay, DuelView } from './duel.ts';
import { HangmanReplay, HangmanView } from './hangman.ts';
import { PresentedRoom } from './rooms.ts';

/** A room's match as one player sees it (the `view` of `match:<id>:<userId>`): the word duel or Crazy. */
export const RoomMatchView = z.discriminatedUnion('mode', [DuelView, CrazyView]);
export type RoomMatchView = z.infer<typeof RoomMatchView>;

/**
 * Any match's view (GET /matches/:id, a move's answer, the `view` pushes): single-player Hangman (no `mode`), a
 * room's word duel (`mode: 'duel'`) or Crazy (`mode: 'crazy'`).
 */
export const MatchView = z.union([DuelView, CrazyView, HangmanView]);

/**
 * The view of a room game this contract does not list (a game module added to the engine's registry, e.g. by a
 * test): passed through as the engine gives it, named by its `mode`.
 */
export const OtherGameView = z.looseObject({ mode: z.string() });
export type OtherGameView = z.infer<typeof OtherGameView>;

/** Whatever view the engine answers with: a listed game's, or another game's. */
export const AnyMatchView = z.union([MatchView, OtherGameView]);
export type AnyMatchView = z.infer<typeof AnyMatchView>;
export type MatchView = z.infer<typeof MatchView>;

/** `{ view }`: GET /matches/:id and every move's answer. */
export const MatchViewAnswer = z.object({ view: AnyMatchView });
export type MatchViewAnswer = z.infer<typeof MatchViewAnswer>;

/** GET /matches/:id/replay, once the match is over: `kind` tells which game. */
export const MatchReplay = z.discriminatedUnion('kind', [HangmanReplay, DuelReplay, CrazyReplay]);
export type MatchReplay = z.infer<typeof MatchReplay>;

/** The replay of a room game this contract does not list (see OtherGameView). */
export const OtherGameReplay = z.looseObject({ kind: z.string(), matchId: z.string(), final: OtherGameView, steps: z.array(z.unknown()) });
export const AnyMatchReplay = z.union([MatchReplay, OtherGameReplay]);
export type AnyMatchReplay = z.infer<typeof AnyMatchReplay>;

/** GET /rooms/:code: the room and, for its members and invited players, their own view of its match. */
export const RoomDetail = z.object({ room: PresentedRoom, match: z.nullable(RoomMatchView) });
export type RoomDetail = z.infer<typeof RoomDetail>;

/** A room's match is the duel or Crazy; a view without `mode` is single-player Hangman's. */
export const isRoomMatchView = (view: MatchView): view is DuelView | CrazyView => 'mode' in view;
