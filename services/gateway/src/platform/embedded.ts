import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  createSqlEventStore,
  listenForAppends,
  openThreadedPgliteDatabase,
  openPostgresDatabase,
  observeAppends,
  type AppendObserver,
  type AppendSignal,
  type CommandSender,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { createGameEngine, type GameEngine, type GameRegistry } from '@qal/game-engine';
import { createLeaderboard, type Leaderboard } from '@qal/leaderboard';
import type { Config } from '../config.ts';
import { migrateIdentity } from '../identity/migrations.ts';
import { createAfroMessageSender } from '../identity/sms/afromessage.ts';
import { createConsoleSmsSender } from '../identity/sms/console.ts';
import type { SmsSender } from '../identity/sms/port.ts';
import type { LedgerLogger, LedgerModule, LedgerService, PaymentProviderHandle, TokenPackageView } from './ledger-port.ts';
import { loadOrCreatePepper } from './pepper.ts';
import { createCommandRouter } from './command-router.ts';

/** Everything the gateway runs on, built once: the embedded mode runs every service in this one process. */
export interface Platform {
  readonly config: Config;
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly ledger: LedgerService;
  readonly engine: GameEngine;
  readonly leaderboard: Leaderboard;
  readonly tokenPackages: readonly TokenPackageView[];
  readonly sandboxReference: (purchaseId: string) => string;
  readonly payments: PaymentProviderHandle;
  readonly commands: CommandSender;
  readonly sms: SmsSender;
  readonly otpPepper: string;
  readonly redis: Redis | null;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  /** An already open database (tests: in-memory PGlite). */
  readonly db?: SqlDatabase;
  readonly sms?: SmsSender;
  /** The time of the engine's sweeper (expiries, stale starts); tests pass their manual clock. */
  readonly clock?: () => Date;
  readonly logger?: LedgerLogger;
  /** The games the engine plays (default: every game module of the engine's registry). */
  readonly games?: GameRegistry;
  /** Told about every append of the services' store (the process's metrics). */
  readonly appendObserver?: AppendObserver;
}

export function paymentProviderFor(config: Config, ledger: LedgerModule): PaymentProviderHandle {
  if (config.payments.provider === 'sandbox') return ledger.createSandboxPaymentProvider();
  const publicUrl = config.payments.publicUrl.replace(/\/$/, '');
  return ledger.createChapaPaymentProvider({
    secretKey: config.payments.secretKey,
    webhookSecret: config.payments.webhookSecret,
    callbackUrl: `${publicUrl}/api/v1/payments/chapa/webhook`,
    returnUrl: `${publicUrl}/wallet`,
  });
}

export function smsSenderFor(config: Config): SmsSender {
  return config.sms.provider === 'afromessage' ? createAfroMessageSender(config.sms) : createConsoleSmsSender();
}

/**
 * Builds the embedded platform: PGlite under <data>/pglite (or PostgreSQL when DATABASE_URL is set), the SQL
 * event store, the identity tables, the ledger, the game engine and a command sender. Commands go straight to the
 * handler of the context that owns their type, in this process, behind the CommandSender port a bus transport
 * fills in the distributed mode.
 */
export async function createEmbeddedPlatform(
  config: Config,
  ledgerModule: LedgerModule,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    let db = overrides.db;
    if (!db) {
      if (config.databaseUrl) {
        db = openPostgresDatabase({ connectionString: config.databaseUrl });
      } else {
        const dir = path.join(config.dataDir, 'pglite');
        await mkdir(dir, { recursive: true });
        // PGlite runs its statements on the thread that calls it: a worker of its own leaves this one to the rest.
        db = await openThreadedPgliteDatabase(dir);
      }
      const owned = db;
      closers.push(() => owned.close());
    }
    let signal: AppendSignal | undefined;
    if (config.databaseUrl && !overrides.db) {
      signal = await listenForAppends(config.databaseUrl);
      const owned = signal;
      closers.push(() => owned.close());
    }
    // On PGlite this process and its one store are the database's only writer: reads it can answer from what it
    // appended and read are answered from memory (a move no longer re-reads its game for every view it pushes).
    const sqlStore = await createSqlEventStore(db, { ...(signal ? { signal } : {}), exclusiveWriter: db.dialect === 'pglite' });
    const store = overrides.appendObserver ? observeAppends(sqlStore, overrides.appendObserver) : sqlStore;
    closers.push(() => store.close());
    await migrateIdentity(db);

    const payments = paymentProviderFor(config, ledgerModule);
    const ledger = await ledgerModule.createLedger({
      store,
      db,
      payments,
      ...(overrides.logger ? { logger: overrides.logger } : {}),
    });
    await ledger.start();
    closers.push(() => ledger.stop());

    // The game engine pays and rewards through the ledger's commands, as it would over the bus.
    const engine = createGameEngine({
      store,
      db,
      commands: { send: (command) => ledger.handle(command) },
      ...(overrides.logger ? { logger: overrides.logger } : {}),
      ...(overrides.clock ? { clock: overrides.clock } : {}),
      ...(overrides.games ? { games: overrides.games } : {}),
    });
    await engine.start();
    closers.push(() => engine.stop());

    // Boards, badges and statistics: projections of the same store, in the same database.
    const leaderboard = createLeaderboard({ store, db, ...(overrides.logger ? { logger: overrides.logger } : {}) });
    await leaderboard.start();
    closers.push(() => leaderboard.stop());

    const otpPepper = config.otpPepper ?? (await loadOrCreatePepper(config.dataDir));
    const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
    if (redis) closers.push(() => redis.quit());

    return {
      config,
      db,
      store,
      ledger,
      tokenPackages: ledgerModule.TOKEN_PACKAGES,
      sandboxReference: (purchaseId) => ledgerModule.sandboxReference(purchaseId),
      payments,
      engine,
      leaderboard,
      commands: createCommandRouter({ ledger: (command) => ledger.handle(command), engine: (command) => engine.handle(command) }),
      sms: overrides.sms ?? smsSenderFor(config),
      otpPepper,
      redis,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
