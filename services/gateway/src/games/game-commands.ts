/**
 * What a player can do with a game, in one place for both transports (REST routes and `/ws` command messages):
 * turn a request into an engine command, send it, and answer with the view, or throw the named rejection.
 * The gateway never looks inside a game: it checks who may see a match and passes views through.
 */
import {
  CrazyMove,
  isListedMove,
  OwnMove,
  type HangmanView,
  type AnyMatchView,
  newUuid,
  uuidFrom,
  type CommandSender,
  type CurrentHangman,
  type HangmanPlayAnswer,
  type MatchViewAnswer,
  type ArcadePlayAnswer,
  type ArcadeView,
  type CurrentArcade,
  type FairnessProfile,
} from '@qal/events';
import type { EngineQueries, GameRegistry, MatchReplay } from '@qal/game-engine';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { commandEnvelope, sendCommand } from '../commands.ts';
import { Rejection } from '../http/errors.ts';
import { roomQueries } from '../rooms/queries.ts';

/** Who may see a match and how to route it: a single-player game (one owner) or a room's match (its players). */
export type MatchAccess =
  | { readonly kind: 'single'; readonly playerId: string; readonly version: number; readonly arcade: boolean }
  | { readonly kind: 'duel'; readonly playerIds: readonly string[]; readonly roomCode: string | null; readonly version: number };

export const PlayHangmanBody = z.object({
  language: z.string().trim().min(1).max(20),
  category: z.string().trim().min(1).max(40).optional(),
  difficulty: z.string().trim().min(1).max(20).optional(),
});
export type PlayHangmanBody = z.infer<typeof PlayHangmanBody>;

/**
 * Any match's move: Hangman's (single-player and the word duel) and Crazy's (`play` {cards, suit?}, `draw`, `pass`,
 * `qeregn`, `crazy` {target}, `face_penalty`: @qal/events CrazyMove). The engine routes it by the match's kind and
 * answers a move of the other game with 'move_not_for_this_game'.
 */
export const MoveBody = z.union([
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('guess'), letter: z.string().trim().min(1).max(8) }),
    z.object({ type: z.literal('hint') }),
    /** Word duel only: the round's setter sets the word ('Invalid Word', 'Duplicate Word' come from the engine). */
    z.object({ type: z.literal('set_word'), word: z.string().trim().min(1).max(40) }),
    ...CrazyMove.options,
  ]),
  /** A game's own move (its module parses it). */
  OwnMove,
]);
export type MoveBody = z.infer<typeof MoveBody>;

/** An arcade game's start: the game's own options (its module checks them; a bad one is invalid_game_options). */
export const PlayArcadeBody = z.object({
  options: z.record(z.string(), z.union([z.string().max(40), z.number(), z.boolean()])).default({}),
});
export type PlayArcadeBody = z.infer<typeof PlayArcadeBody>;
export const GameSlugParam = z.string().regex(/^[a-z][a-z-]{1,39}$/, 'not a game');
export const ClientSeedBody = z.object({ clientSeed: z.string().trim().min(1).max(200) });

export const MatchIdParam = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'not a match id');

export interface RequestMeta {
  readonly userId: string;
  /** The client's Idempotency-Key: a retry with it returns the first outcome. */
  readonly idempotencyKey?: string | null;
  readonly correlationId?: string;
  /** The client's address, where the transport knows it (HTTP): wrong room passwords are also limited per address. */
  readonly ip?: string | null;
}

export interface GameCommandsDeps {
  readonly commands: CommandSender;
  readonly queries: EngineQueries;
  readonly clock: Clock;
  /** Called after a command that changed something (so pushes go out at once). */
  readonly afterSuccess?: () => void;
  /** Move types the engine's games define beyond the listed ones; any other unlisted move is invalid. */
  readonly games: Pick<GameRegistry, 'ownMoveTypes'>;
}

/** Sends one engine command for a request and answers its data, or throws its named rejection. */
export function createCommandRunner(deps: Pick<GameCommandsDeps, 'commands' | 'clock' | 'afterSuccess'>) {
  return async function run(type: string, meta: RequestMeta, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const command = commandEnvelope({
      type,
      actorId: meta.userId,
      payload,
      clock: deps.clock,
      idempotencyKey: meta.idempotencyKey ?? null,
      ...(meta.correlationId ? { correlationId: meta.correlationId } : {}),
    });
    const outcome = await sendCommand(deps.commands, command);
    if (outcome.status === 'rejected') throw new Rejection(outcome.reason, publicDetails(outcome.details));
    deps.afterSuccess?.();
    return outcome.data;
  };
}

export type CommandRunner = ReturnType<typeof createCommandRunner>;

/**
 * Who may see a match, read from the engine's summary: a single-player game has one `playerId`, a room's match
 * (any game's: its summary has `playerIds`) its players (access kind 'duel' stands for any room match).
 */
export async function matchAccess(queries: EngineQueries, matchId: string): Promise<MatchAccess | null> {
  const summary = await queries.match(matchId);
  if (!summary) return null;
  if ('playerIds' in summary) return { kind: 'duel', playerIds: summary.playerIds, roomCode: summary.roomCode, version: summary.version };
  return { kind: 'single', playerId: summary.playerId, version: summary.version, arcade: summary.kind === 'arcade' };
}

/**
 * The view in an engine command's answer, as the contract declares it. The engine builds every view from the same
 * contract types (services/game-engine/test/contracts.test.ts parses each one a whole game shows), so the gateway
 * does not parse it again on every move (with that parse, bench:rooms at R = 500 measured p99 67–570 ms against
 * 34–52 ms without it, in alternating runs).
 */
const engineView = <V>(data: Record<string, unknown>): V => data.view as V;

export function createGameCommands(deps: GameCommandsDeps) {
  const run = createCommandRunner(deps);
  const rooms = roomQueries(deps.queries);

  /** The single-player match, if `userId` may see it; the named rejection otherwise. */
  async function ownMatch(userId: string, matchId: string) {
    const match = await deps.queries.match(matchId);
    if (!match || !match.view) throw new Rejection('match_not_found');
    if (match.playerId !== userId) throw new Rejection('not_your_match');
    return { ...match, view: match.view };
  }

  /** A duel's players see it (each their own view); anyone else is told it is not theirs. */
  async function access(userId: string, matchId: string): Promise<MatchAccess> {
    const found = await matchAccess(deps.queries, matchId);
    if (!found) throw new Rejection('match_not_found');
    const allowed = found.kind === 'duel' ? found.playerIds.includes(userId) : found.playerId === userId;
    if (!allowed) throw new Rejection('not_your_match');
    return found;
  }

  return {
    /** Pays and starts a game. The match id follows the Idempotency-Key, so a retried start is the same game. */
    async playHangman(meta: RequestMeta, body: PlayHangmanBody): Promise<HangmanPlayAnswer> {
      const matchId = meta.idempotencyKey ? uuidFrom('hangman-match', meta.userId, meta.idempotencyKey) : newUuid();
      const data = await run('PlayHangman', meta, { matchId, userId: meta.userId, ...body });
      return { matchId, view: engineView<HangmanView>(data) };
    },

    /** Pays and starts an arcade game; the match id follows the Idempotency-Key (a retried start is the same game). */
    async playArcade(meta: RequestMeta, game: string, body: PlayArcadeBody): Promise<ArcadePlayAnswer> {
      const unique = meta.idempotencyKey ? uuidFrom('arcade-match', meta.userId, game, meta.idempotencyKey) : newUuid();
      const matchId = `${game}.${unique}`;
      const data = await run('PlayArcade', meta, { matchId, userId: meta.userId, game, options: body.options });
      return { matchId, view: engineView<ArcadeView>(data) };
    },

    /** The player's game of `game` in progress and today's plays of it. */
    async currentArcade(userId: string, game: string): Promise<CurrentArcade> {
      const current = await deps.queries.currentArcade(game, userId, deps.clock());
      if (!current) throw new Rejection('game_not_playable');
      return { match: current.match, plays: current.plays };
    },

    async fairness(userId: string): Promise<FairnessProfile> {
      return deps.queries.fairness(userId);
    },

    finishedArcadeGames: (userId: string) => deps.queries.finishedArcadeGames(userId),

    async setClientSeed(meta: RequestMeta, clientSeed: string): Promise<FairnessProfile> {
      const data = await run('SetClientSeed', meta, { userId: meta.userId, clientSeed });
      return { clientSeed: String(data.clientSeed), nextNonce: Number(data.nextNonce) };
    },

    /** The engine checks that the match is the mover's own (not_your_match, match_not_found). */
    async move(meta: RequestMeta, matchId: string, move: MoveBody): Promise<MatchViewAnswer> {
      if (!isListedMove(move) && !deps.games.ownMoveTypes.has(move.type))
        throw new Rejection('validation_failed', { fields: { type: 'no game has this move' } });
      const data = await run('MakeMove', meta, { matchId, userId: meta.userId, move });
      return { view: engineView<AnyMatchView>(data) };
    },

    /**
     * The caller's view: a duel's from the engine's per-player view (the setter's word reaches nobody else); a
     * single-player game whose deadline has passed reads as lost (the sweeper records it; a read never writes).
     */
    async view(userId: string, matchId: string): Promise<MatchViewAnswer> {
      const found = await access(userId, matchId);
      if (found.kind === 'single' && found.arcade) {
        const view = await deps.queries.arcadeView(matchId, userId, deps.clock());
        if (!view) throw new Rejection('match_not_found');
        return { view };
      }
      if (found.kind === 'duel') {
        const seen = await rooms.matchView(matchId, userId);
        if (!seen) throw new Rejection('match_not_found');
        return { view: seen.view };
      }
      const match = await ownMatch(userId, matchId);
      if (match.view.status === 'playing' && Date.parse(match.view.deadline) <= deps.clock().getTime()) {
        // Reads never write: the view as its expiry leaves it; the engine's sweeper records the loss.
        const expired = await deps.queries.matchView(matchId, userId, deps.clock());
        if (expired) return { view: expired.view };
      }
      return { view: match.view };
    },

    /** Once the match is over, for its players only (a duel's words are shown by then). */
    async replay(userId: string, matchId: string): Promise<MatchReplay> {
      await access(userId, matchId);
      const replay = await deps.queries.replay(matchId);
      if (replay === null) throw new Rejection('match_not_found');
      if (replay === 'match_not_over') throw new Rejection('match_not_over');
      return replay;
    },

    /** The player's game in progress (if any) and today's plays against the limit. */
    async current(userId: string): Promise<CurrentHangman> {
      const now = deps.clock();
      const [match, plays] = await Promise.all([deps.queries.currentMatch(userId, now), deps.queries.dailyPlays(userId, now)]);
      return { match: match?.view ? { matchId: match.matchId, view: match.view } : null, plays };
    },
  };
}

export type GameCommands = ReturnType<typeof createGameCommands>;

/**
 * Details a client may see with a rejection: limits, counts, the settings field at fault, who is not ready or has
 * not settled the bet (user ids), never anything of a game's state.
 */
const PUBLIC_DETAILS = ['limit', 'day', 'available', 'required', 'needed', 'have', 'field', 'notReady', 'pending'];
export function publicDetails(details: Record<string, unknown>): Record<string, unknown> | undefined {
  const shown = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
  const picked = Object.fromEntries(Object.entries(details).filter(([key, value]) => PUBLIC_DETAILS.includes(key) && shown(value)));
  return Object.keys(picked).length > 0 ? picked : undefined;
}
