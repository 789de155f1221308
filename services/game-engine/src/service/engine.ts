/**
 * The game engine service: a command handler for the engine's commands, its read model and queries, and the
 * sweeper. The same code runs embedded (commands and the ledger in-process) and distributed (over the bus).
 */
import { randomBytes } from 'node:crypto';
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
import { PROJECTION_SUBSCRIBER, READ_YOUR_WRITES_TIMEOUT_MS, SWEEP_INTERVAL_MS } from '../config.ts';
import { expireHangman, makeMove, playHangman, type HandlerResult } from './handlers.ts';
import { createKeyedLock, waitForSubscriber } from '@qal/events';
import { applyToReadModel, migrateEngine } from './projection.ts';
import { createEngineQueries, type EngineQueries } from './queries.ts';
import type { HandlerDeps, Logger } from './shell.ts';
import { sweep, type SweepReport } from './sweeper.ts';

export interface GameEngineDeps {
  readonly store: EventStore;
  /** The read model's database; with a SQL store it must be the store's own database (one transaction for both). */
  readonly db: SqlDatabase;
  /** Where the engine's ledger commands (fees, rewards, refunds) go. */
  readonly commands: CommandSender;
  readonly logger?: Logger;
  /** The sweeper's time; commands carry their own. */
  readonly clock?: () => Date;
  /** Draws a game's secret seed; a test may fix it. */
  readonly newSeed?: () => string;
  /** 0 turns the timer off (tests call `sweep()` themselves). */
  readonly sweepIntervalMs?: number;
}

export interface GameEngine {
  readonly handle: CommandHandler;
  readonly queries: EngineQueries;
  /** Runs the migrations, then starts the projection and the sweeper. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One pass of the sweeper at `now` (default: the clock). */
  sweep(now?: Date): Promise<SweepReport>;
  /** Resolves once the read model includes everything up to `position`. */
  waitForProjection(position: Position, timeoutMs?: number): Promise<void>;
}

const silent: Logger = { info: () => undefined, error: () => undefined };
const secureSeed = () => randomBytes(32).toString('base64url');

export function createGameEngine(deps: GameEngineDeps): GameEngine {
  const logger = deps.logger ?? silent;
  const clock = deps.clock ?? (() => new Date());
  const handlerDeps: HandlerDeps = { store: deps.store, ledger: deps.commands, locks: createKeyedLock(), logger, newSeed: deps.newSeed ?? secureSeed };
  const queries = createEngineQueries({ store: deps.store, db: deps.db });
  let projection: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> | null = null;

  function waitForProjection(position: Position, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<void> {
    return waitForSubscriber({ store: deps.store, subscription: projection, subscriber: PROJECTION_SUBSCRIBER, position, timeoutMs });
  }


  function dispatch(command: CommandEnvelope): Promise<HandlerResult> {
    const refuse = (details: Record<string, unknown>): Promise<HandlerResult> =>
      Promise.resolve({ outcome: rejected(command.commandId, 'invalid_command', details), position: null, changesReadModel: false });
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
        return parsed.success ? makeMove(handlerDeps, command, parsed.data) : invalid(parsed.error);
      }
      case 'ExpireHangman': {
        const parsed = GameEngineCommands.ExpireHangman.safeParse(command.payload);
        return parsed.success ? expireHangman(handlerDeps, command, parsed.data) : invalid(parsed.error);
      }
      default:
        // Rooms and the word duel: handlers land next (issue 5); until then a named refusal, not a crash.
        return refuse({ type: command.type, notYetHandled: true });
    }
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

  const runSweep = (now: Date = clock()) => sweep({ ...handlerDeps, db: deps.db, handle }, now);

  return {
    handle,
    queries,
    waitForProjection,
    sweep: runSweep,
    async start() {
      if (projection) return;
      await migrateEngine(deps.db);
      projection = deps.store.subscribe({
        subscriber: PROJECTION_SUBSCRIBER,
        handle: (events, { tx }) => (tx ? applyToReadModel(tx, events) : deps.db.transaction((t) => applyToReadModel(t, events))),
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
      logger.info('game engine started');
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping;
      await projection?.stop();
      projection = null;
    },
  };
}
