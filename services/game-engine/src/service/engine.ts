/**
 * The game engine service: a command handler for the engine's commands, its read model and queries, and the
 * sweeper. The same code runs embedded (commands and the ledger in-process) and distributed (over the bus).
 */
import type { z } from 'zod';
import {
  GameEngineCommands,
  isGameEngineCommandType,
  rejected,
  type CommandEnvelope,
  type CommandHandler,
  type CommandSender,
  type EventStore,
  type Position,
  type SqlDatabase,
  type Subscription,
} from '@qal/events';
import {
  PROJECTION_BATCH_SIZE,
  PROJECTION_COALESCE_MS,
  PROJECTION_SUBSCRIBER,
  READ_YOUR_WRITES_TIMEOUT_MS,
  ROOM_TIMER_INTERVAL_MS,
  SWEEP_INTERVAL_MS,
} from '../config.ts';
import { expireHangman, makeMove, playHangman } from './handlers.ts';
import { arcadeMove, expireArcade, playArcade, setClientSeed } from './arcade.ts';
import type { HandlerResult } from './handler-result.ts';
import { isClientSeed } from '../fairness/fairness.ts';
import { newServerSeed } from '../fairness/server-seed.ts';
import { DEFAULT_GAME_REGISTRY, type GameRegistry } from '../games/registry.ts';
import { createKeyedLock, waitForSubscriber } from '@qal/events';
import { createEngineProjection, migrateEngine } from './projection/index.ts';
import { createEngineQueries, type EngineQueries } from './queries/index.ts';
import type { HandlerDeps, Logger } from './shell.ts';
import { sweep, sweepRooms, type RoomSweepReport, type SweepReport } from './sweeper.ts';
import { roomMatchEndOnTime, roomMatchMove, roomMatchTimeout } from './room-match.ts';
import {
  createRoom,
  deleteRoom,
  expireBet,
  closeIdleRoom,
  invitePlayer,
  joinRoom,
  leaveRoom,
  proposeBet,
  respondBet,
  respondInvitation,
  setPresence,
  setReady,
  startRematch,
  startRoomMatch,
} from './rooms.ts';

/** Room commands routed by the room code in their payload. */
const ROOM_HANDLERS = {
  CreateRoom: createRoom,
  JoinRoom: joinRoom,
  LeaveRoom: leaveRoom,
  SetReady: setReady,
  StartRoomMatch: startRoomMatch,
  InvitePlayer: invitePlayer,
  ProposeBet: proposeBet,
  RespondBet: respondBet,
  StartRematch: startRematch,
  DeleteRoom: deleteRoom,
  SetPresence: setPresence,
  ExpireBet: expireBet,
  CloseIdleRoom: closeIdleRoom,
} as const;
type RoomCommandType = keyof typeof ROOM_HANDLERS;

export interface GameEngineDeps {
  readonly store: EventStore;
  /** The read model's database; with a SQL store it must be the store's own database (one transaction for both). */
  readonly db: SqlDatabase;
  /** Where the engine's ledger commands (fees, rewards, refunds) go. */
  readonly commands: CommandSender;
  /**
   * Where the room timers (TimeoutTurn, ExpireBet, EndMatchOnTime) go; by default straight to this engine. The
   * distributed mode sends them over the bus, keyed like the moves, so a timeout queues behind a move already sent
   * in time: while the broker is down neither is decided, and afterwards the move comes first.
   */
  readonly timers?: CommandSender;
  readonly logger?: Logger;
  /** The sweeper's time; commands carry their own. */
  readonly clock?: () => Date;
  /** Draws a Hangman game's or a room match's secret server seed (64 lowercase hex); a test may fix it. */
  readonly newSeed?: () => string;
  /** Draws an arcade game's server seed; a test may fix it. */
  readonly newServerSeed?: () => string;
  /** The games this engine plays; tests may add one of their own (games/registry.ts). */
  readonly games?: GameRegistry;
  /** 0 turns the timer off (tests call `sweep()` themselves). */
  readonly sweepIntervalMs?: number;
  /** The room timers' interval; 0 turns it off. Defaults to ROOM_TIMER_INTERVAL_MS, or 0 when sweepIntervalMs is 0. */
  readonly roomSweepIntervalMs?: number;
}

export interface GameEngine {
  readonly handle: CommandHandler;
  /** The games it plays. */
  readonly games: GameRegistry;
  readonly queries: EngineQueries;
  /** Runs the migrations, then starts the projection and the sweeper. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One pass of the sweeper at `now` (default: the clock). */
  sweep(now?: Date): Promise<SweepReport>;
  /** One pass of the room timers (turns, durations, bets) and unfinished room ledger steps at `now`. */
  sweepRooms(now?: Date): Promise<RoomSweepReport>;
  /** Resolves once the read model includes everything up to `position`. */
  waitForProjection(position: Position, timeoutMs?: number): Promise<void>;
}

const silent: Logger = { info: () => undefined, error: () => undefined };

export function createGameEngine(deps: GameEngineDeps): GameEngine {
  const logger = deps.logger ?? silent;
  const clock = deps.clock ?? (() => new Date());
  const games = deps.games ?? DEFAULT_GAME_REGISTRY;
  const readModel = createEngineProjection(games);
  const handlerDeps: HandlerDeps = {
    games,
    store: deps.store,
    ledger: deps.commands,
    locks: createKeyedLock(),
    logger,
    newSeed: deps.newSeed ?? newServerSeed,
    ...(deps.newServerSeed ? { newServerSeed: deps.newServerSeed } : {}),
  };
  const queries = createEngineQueries({ store: deps.store, db: deps.db, games });
  let projection: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> | null = null;

  function waitForProjection(position: Position, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<void> {
    return waitForSubscriber({ store: deps.store, subscription: projection, subscriber: PROJECTION_SUBSCRIBER, position, timeoutMs });
  }

  async function dispatch(command: CommandEnvelope): Promise<HandlerResult> {
    const refuse = (details: Record<string, unknown>): Promise<HandlerResult> =>
      Promise.resolve({ outcome: rejected(command.commandId, 'invalid_command', details), position: null, changesReadModel: false });
    const notFound = () =>
      Promise.resolve({ outcome: rejected(command.commandId, 'match_not_found'), position: null, changesReadModel: false });
    const invalid = (error: z.ZodError) => refuse({ issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    if (!isGameEngineCommandType(command.type)) return refuse({ type: command.type });
    if (Number.isNaN(Date.parse(command.issuedAt))) return refuse({ issuedAt: command.issuedAt });
    switch (command.type) {
      case 'PlayHangman': {
        const parsed = GameEngineCommands.PlayHangman.safeParse(command.payload);
        return parsed.success ? playHangman(handlerDeps, command, parsed.data) : invalid(parsed.error);
      }
      case 'MakeMove': {
        const parsed = GameEngineCommands.MakeMove.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        // The match id names a room game's or an arcade game's match; anything else is single-player Hangman.
        const module = games.roomGameOfMatch(parsed.data.matchId);
        if (module) return roomMatchMove(handlerDeps, module, command, parsed.data);
        const arcade = games.arcadeOfMatch(parsed.data.matchId);
        return arcade ? arcadeMove(handlerDeps, arcade, command, parsed.data) : makeMove(handlerDeps, command, parsed.data);
      }
      case 'PlayArcade': {
        const parsed = GameEngineCommands.PlayArcade.safeParse(command.payload);
        return parsed.success ? playArcade(handlerDeps, command, parsed.data) : invalid(parsed.error);
      }
      case 'ExpireArcade': {
        const parsed = GameEngineCommands.ExpireArcade.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        const arcade = games.arcadeOfMatch(parsed.data.matchId);
        return arcade ? expireArcade(handlerDeps, arcade, command, parsed.data) : notFound();
      }
      case 'SetClientSeed': {
        const parsed = GameEngineCommands.SetClientSeed.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        if (!isClientSeed(parsed.data.clientSeed))
          return Promise.resolve({ outcome: rejected(command.commandId, 'invalid_client_seed'), position: null, changesReadModel: false });
        return setClientSeed(handlerDeps, command, parsed.data);
      }
      case 'ExpireHangman': {
        const parsed = GameEngineCommands.ExpireHangman.safeParse(command.payload);
        return parsed.success ? expireHangman(handlerDeps, command, parsed.data) : invalid(parsed.error);
      }
      case 'TimeoutTurn': {
        const parsed = GameEngineCommands.TimeoutTurn.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        const module = games.roomGameOfMatch(parsed.data.matchId);
        return module ? roomMatchTimeout(handlerDeps, module, command, parsed.data) : notFound();
      }
      case 'EndMatchOnTime': {
        const parsed = GameEngineCommands.EndMatchOnTime.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        const module = games.roomGameOfMatch(parsed.data.matchId);
        return module ? roomMatchEndOnTime(handlerDeps, module, command, parsed.data) : notFound();
      }
      case 'RespondInvitation': {
        const parsed = GameEngineCommands.RespondInvitation.safeParse(command.payload);
        if (!parsed.success) return invalid(parsed.error);
        const { rows } = await deps.db.query<{ code: string }>('select code from engine_invitations where invitation_id = $1', [
          parsed.data.invitationId,
        ]);
        const code = rows[0]?.code;
        if (!code) return { outcome: rejected(command.commandId, 'invitation_not_found'), position: null, changesReadModel: false };
        return respondInvitation(handlerDeps, command, parsed.data, code);
      }
      default:
        return dispatchRoom(command, command.type);
    }
  }

  /** Room commands whose payload names the room: parse, then the handler. */
  function dispatchRoom(command: CommandEnvelope, type: RoomCommandType): Promise<HandlerResult> {
    const handler = ROOM_HANDLERS[type] as (deps: HandlerDeps, command: CommandEnvelope, payload: unknown) => Promise<HandlerResult>;
    const parsed = GameEngineCommands[type].safeParse(command.payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return Promise.resolve({
        outcome: rejected(command.commandId, 'invalid_command', { issues }),
        position: null,
        changesReadModel: false,
      });
    }
    return handler(handlerDeps, command, parsed.data);
  }

  const handle: CommandHandler = async (command) => {
    const { outcome, position, changesReadModel } = await dispatch(command);
    // A move in the middle of a game changes nothing the read model holds: no need to wait for it.
    if (position && projection && changesReadModel) {
      await waitForProjection(position).catch((error: unknown) =>
        logger.error({ err: String(error), commandId: command.commandId }, 'read-your-writes wait timed out'),
      );
    }
    return outcome;
  };

  // The sweepers read the read model: first let it take in everything appended so far, so a pass sees what the
  // events say at its start (a lagging projection would only defer work to the next pass; this makes it exact).
  const caughtUp = async () => {
    if (!projection) return;
    await waitForProjection(await deps.store.head()).catch((error: unknown) =>
      logger.error({ err: String(error) }, 'sweep: projection still behind; sweeping what it has'),
    );
  };
  const runSweep = async (now: Date = clock()) => {
    await caughtUp();
    return sweep({ ...handlerDeps, db: deps.db, handle }, now);
  };
  const sendTimer = deps.timers ? (command: CommandEnvelope) => deps.timers!.send(command) : handle;
  const runRoomSweep = async (now: Date = clock()) => {
    await caughtUp();
    return sweepRooms({ ...handlerDeps, db: deps.db, handle: sendTimer }, now);
  };
  let roomTimer: NodeJS.Timeout | null = null;
  let roomSweeping: Promise<unknown> | null = null;

  return {
    handle,
    games,
    queries,
    waitForProjection,
    sweep: runSweep,
    sweepRooms: runRoomSweep,
    async start() {
      if (projection) return;
      await migrateEngine(deps.db);
      projection = deps.store.subscribe({
        subscriber: PROJECTION_SUBSCRIBER,
        accepts: readModel.accepts,
        coalesceMs: PROJECTION_COALESCE_MS,
        batchSize: PROJECTION_BATCH_SIZE[deps.db.dialect],
        handle: (events, { tx, onlyInstance }) =>
          tx ? readModel.apply(tx, events, deps.store, onlyInstance) : deps.db.transaction((t) => readModel.apply(t, events, deps.store)),
        onError: (error) => logger.error({ err: String(error) }, 'engine projection failed; retrying'),
      });
      const interval = deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
      if (interval > 0) {
        timer = setInterval(() => {
          if (sweeping) return;
          sweeping = runSweep()
            .catch((error: unknown) => logger.error({ err: String(error) }, 'engine sweep failed; next pass retries'))
            .finally(() => (sweeping = null));
        }, interval);
        timer.unref();
      }
      const roomInterval = deps.roomSweepIntervalMs ?? (interval > 0 ? ROOM_TIMER_INTERVAL_MS : 0);
      if (roomInterval > 0) {
        roomTimer = setInterval(() => {
          if (roomSweeping) return;
          roomSweeping = runRoomSweep()
            .catch((error: unknown) => logger.error({ err: String(error) }, 'room sweep failed; next pass retries'))
            .finally(() => (roomSweeping = null));
        }, roomInterval);
        roomTimer.unref();
      }
      logger.info('game engine started');
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (roomTimer) clearInterval(roomTimer);
      timer = null;
      roomTimer = null;
      await sweeping;
      await roomSweeping;
      await projection?.stop();
      projection = null;
    },
  };
}
