import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { openPgliteDatabase } from '@qal/events';
import { buildApp, type QalApp } from '../../src/app.ts';
import { createManualClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { createMemorySmsSender } from '../../src/identity/sms/memory.ts';
import { loggerOptions } from '../../src/logging.ts';
import { createEmbeddedPlatform, type Platform } from '../../src/platform/embedded.ts';
import { qalLedgerModule } from '../../src/platform/ledger-module.ts';

export interface LoggedPlatform {
  readonly platform: Platform;
  readonly qal: QalApp;
  readonly sms: ReturnType<typeof createMemorySmsSender>;
  /** Every log line of every service so far, at the most verbose level. */
  readonly lines: string[];
  /** Signs a new player in by phone and answers their bearer header. */
  signIn(phone: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The embedded platform with every service logging at `trace` into one captured stream (for the secrets tests). */
export async function startLoggedPlatform(prefix: string): Promise<LoggedPlatform> {
  const lines: string[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const db = await openPgliteDatabase();
  const sms = createMemorySmsSender();
  const config = loadConfig({
    QAL_DATA_DIR: dataDir,
    OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-0123456789',
    LOG_LEVEL: 'trace',
    RATE_LIMIT_PER_MINUTE: '100000',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino(loggerOptions('trace'), sink);
  const clock = createManualClock();
  const platform = await createEmbeddedPlatform(config, qalLedgerModule, { db, sms, clock, logger: logger.child({ service: 'services' }) });
  const qal = await buildApp({ ...platform, config, clock, loggerInstance: logger.child({ service: 'gateway' }) });
  await qal.app.ready();
  return {
    platform,
    qal,
    sms,
    lines,
    async signIn(phone) {
      await qal.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone } });
      const verified = await qal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-otp',
        payload: { phone, otp: sms.lastCodeFor(phone) },
      });
      return { authorization: `Bearer ${verified.json().data.token}` };
    },
    async close() {
      await qal.app.close();
      await platform.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
