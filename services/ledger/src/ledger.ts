import {
  createKeyedLock,
  isLedgerEventType,
  isSystemActor,
  traceLatency,
  waitForSubscriber,
  type CommandHandler,
  type EventStore,
  type Position,
  type SqlDatabase,
  type SqlExecutor,
  type StoredEvent,
  type Subscription,
} from '@qal/events';
import { PROJECTION_SUBSCRIBER, READ_YOUR_WRITES_TIMEOUT_MS } from './config.ts';
import { dispatch } from './handlers/dispatch.ts';
import type { HandlerDeps, Logger } from './handlers/shell.ts';
import { createWalletMemory } from './handlers/wallet-memory.ts';
import type { PaymentProvider } from './payments/port.ts';
import { migrateLedger } from './projection/migrations.ts';
import { isLedgerEvent } from './projection/changes.ts';
import { applyToReadModel } from './projection/projection.ts';
import { createLedgerQueries, type LedgerQueries } from './projection/queries.ts';
import { isSignUp, recordSignUps, SIGN_UP_EVENT, startWalletOpener, type WalletOpener } from './subscribers/wallet-opener.ts';

export interface LedgerDeps {
  readonly store: EventStore;
  /** The read model's database; with a SQL store it must be the store's own database (one transaction for both). */
  readonly db: SqlDatabase;
  readonly payments: PaymentProvider;
  readonly logger?: Logger;
}

export interface Ledger {
  /**
   * Runs a ledger command; after a person's command appended, it waits (bounded) until `queries` show it, then
   * answers. A system actor's command is answered once stored.
   */
  readonly handle: CommandHandler;
  readonly queries: LedgerQueries;
  /** Runs the migrations, then starts the projection and the PlayerRegistered → OpenWallet subscriber. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once the read model includes everything up to `position` (e.g. before pushing a wallet view). */
  waitForProjection(position: Position, timeoutMs?: number): Promise<void>;
  /** Opens the wallets of every sign-up seen so far that still has none (tests and shutdown use it). */
  openPendingWallets(): Promise<void>;
}

const silent: Logger = { info: () => undefined, error: () => undefined };

export async function createLedger(deps: LedgerDeps): Promise<Ledger> {
  const logger = deps.logger ?? silent;
  const handlerDeps: HandlerDeps = {
    store: deps.store,
    db: deps.db,
    payments: deps.payments,
    locks: createKeyedLock(),
    logger,
    wallets: createWalletMemory(),
  };
  const queries = createLedgerQueries(deps.db);
  let projection: Subscription | null = null;
  let opener: WalletOpener | null = null;

  function waitForProjection(position: Position, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<void> {
    return waitForSubscriber({ store: deps.store, subscription: projection, subscriber: PROJECTION_SUBSCRIBER, position, timeoutMs });
  }

  const execute = async (command: Parameters<CommandHandler>[0]) => (await dispatch(handlerDeps, command)).outcome;

  const handle: CommandHandler = async (command) => {
    traceLatency('ledger.received', command.commandId);
    const { outcome, position } = await dispatch(handlerDeps, command);
    traceLatency('ledger.decided', command.commandId);
    // A person may read the read model next (their wallet's history); a process manager such as the engine's room
    // settlement reads only the outcome, and waiting for the projection there would hold the room's lock meanwhile.
    if (position && projection && !isSystemActor(command.actorId)) {
      await waitForProjection(position).catch((error: unknown) =>
        logger.error({ err: String(error), commandId: command.commandId }, 'read-your-writes wait timed out'),
      );
      traceLatency('ledger.projected', command.commandId);
    }
    return outcome;
  };

  return {
    handle,
    queries,
    waitForProjection,
    async openPendingWallets() {
      await opener?.drain();
    },
    async start() {
      if (projection) return;
      await migrateLedger(deps.db);
      const walletOpener = startWalletOpener({ db: deps.db, execute, logger });
      opener = walletOpener;
      // One subscription for the read model and the sign-ups: one transaction per batch, checkpoint included.
      const apply = async (sql: SqlExecutor, events: readonly StoredEvent[]) => {
        await applyToReadModel(sql, events);
        return recordSignUps(sql, events, logger);
      };
      projection = deps.store.subscribe({
        subscriber: PROJECTION_SUBSCRIBER,
        accepts: (event) => isLedgerEvent(event) || isSignUp(event),
        // Other processes' appends are mostly the games' moves: only the ones this subscription handles wake it.
        wakesFor: (type) => isLedgerEventType(type) || type === SIGN_UP_EVENT,
        async handle(events, { tx }) {
          for (const id of new Set(events.map((e) => e.metadata.commandId))) traceLatency('projection.read', id);
          const signedUp = tx ? await apply(tx, events) : await deps.db.transaction((t) => apply(t, events));
          // Not awaited: on PGlite the opener's queries wait until this batch's transaction has committed.
          if (signedUp) setImmediate(() => void walletOpener.drain());
        },
        onError: (error) => logger.error({ err: String(error) }, 'ledger projection failed; retrying'),
      });
      logger.info('ledger started');
    },
    async stop() {
      await projection?.stop();
      await opener?.stop();
      opener = null;
      projection = null;
    },
  };
}
