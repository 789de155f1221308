import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPgliteDatabase, type SqlDatabase } from '@qal/events';
import type { FastifyInstance } from 'fastify';
import type { GameRegistry } from '@qal/game-engine';
import { buildApp, type QalApp } from '../app.ts';
import { createManualClock, type ManualClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { createMemorySmsSender, type MemorySmsSender } from '../identity/sms/memory.ts';
import { watchEmbeddedProjections, type GatewayMetrics } from '../metrics.ts';
import { createEmbeddedPlatform, type Platform } from '../platform/embedded.ts';
import { qalLedgerModule } from '../platform/ledger-module.ts';
import type { LedgerModule } from '../platform/ledger-port.ts';
import type { UserPayload } from '../http/user-payload.ts';

export interface TestPlatformOptions {
  /** Default: the real ledger (services/ledger). */
  readonly ledgerModule?: LedgerModule;
  /** An open database to run on (e.g. a scratch PostgreSQL database); default: a fresh in-memory PGlite. */
  readonly db?: SqlDatabase;
  readonly clock?: ManualClock;
  /** The games the engine plays (a test may register one of its own: createGameRegistry). */
  readonly games?: GameRegistry;
  /** Extra environment, e.g. `{ PAYMENT_PROVIDER: 'chapa', ... }`. */
  readonly env?: Readonly<Record<string, string>>;
  /** Wired as src/main.ts wires them (the store's appends, the projections' lag); else the app's own registry. */
  readonly metrics?: GatewayMetrics;
}

export interface TestPlatform extends QalApp {
  readonly platform: Platform;
  readonly config: Config;
  readonly sms: MemorySmsSender;
  readonly clock: ManualClock;
  readonly storageDir: string;
  /** Signs a player in through the real HTTP flow (send-otp, the code from the SMS outbox, verify-otp). */
  signIn(phone?: string, body?: { name?: string; language?: 'en' | 'am' }): Promise<{ token: string; user: UserPayload; isNew: boolean }>;
  /** A fresh, valid, never-used Ethiopian mobile number. */
  nextPhone(): string;
  close(): Promise<void>;
}

let phoneCounter = 0;

/**
 * The whole embedded platform in memory (PGlite, event store, ledger, identity, HTTP + websocket app) with an
 * in-memory SMS outbox and a manual clock. Create one per test file (PGlite takes seconds to start).
 */
export async function createTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qal-gateway-test-'));
  const ownsDb = !options.db;
  const db = options.db ?? (await openPgliteDatabase());
  const config = loadConfig({
    QAL_DATA_DIR: dataDir,
    OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    ...options.env,
  });
  const sms = createMemorySmsSender();
  const clock = options.clock ?? createManualClock();
  const platform = await createEmbeddedPlatform(config, options.ledgerModule ?? qalLedgerModule, {
    db,
    sms,
    clock,
    ...(options.games ? { games: options.games } : {}),
    ...(options.metrics ? { appendObserver: options.metrics.appendObserver } : {}),
  });
  if (options.metrics) watchEmbeddedProjections(options.metrics, platform.store);
  const qal = await buildApp({ ...platform, config, clock, logger: false, ...(options.metrics ? { metrics: options.metrics } : {}) });
  await qal.app.ready();
  const base = 100_000 + ((process.pid * 7919 + Date.now()) % 800_000);

  const nextPhone = () =>
    `+2519${String(base + phoneCounter++ * 13)
      .padStart(8, '0')
      .slice(-8)}`;

  let ipCounter = 0;
  async function signIn(phone = nextPhone(), body: { name?: string; language?: 'en' | 'am' } = {}) {
    const app: FastifyInstance = qal.app;
    // Each helper sign-in comes from its own address, so suites do not run into the per-IP hourly limit.
    ipCounter += 1;
    const remoteAddress = `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      remoteAddress,
      payload: { phone, ...(body.language ? { language: body.language } : {}) },
    });
    if (sent.statusCode !== 200) throw new Error(`send-otp failed: ${sent.statusCode} ${sent.body}`);
    const e164 = (sent.json() as { data: { phone: string } }).data.phone;
    const verified = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-otp',
      remoteAddress,
      payload: { phone, otp: sms.lastCodeFor(e164), ...body },
    });
    if (verified.statusCode !== 200) throw new Error(`verify-otp failed: ${verified.statusCode} ${verified.body}`);
    return (verified.json() as { data: { token: string; user: UserPayload; isNew: boolean } }).data;
  }

  return {
    ...qal,
    platform,
    config,
    sms,
    clock,
    storageDir: config.storageDir,
    signIn,
    nextPhone,
    async close() {
      await qal.app.close();
      await platform.close();
      if (ownsDb) await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
