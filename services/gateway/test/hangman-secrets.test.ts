import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgliteDatabase, type SqlDatabase } from '@qal/events';
import { hangman } from '@qal/game-engine';
import { buildApp, type QalApp } from '../src/app.ts';
import { createManualClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createMemorySmsSender } from '../src/identity/sms/memory.ts';
import { loggerOptions } from '../src/logging.ts';
import { createEmbeddedPlatform, type Platform } from '../src/platform/embedded.ts';
import { qalLedgerModule } from '../src/platform/ledger-module.ts';

/**
 * The word is the one secret of a Hangman game: until the game is over it must not appear in any answer, and never
 * in the log (at the most verbose level, every service logging into one captured stream).
 */
const lines: string[] = [];
let dataDir: string;
let db: SqlDatabase;
let platform: Platform;
let qal: QalApp;
const sms = createMemorySmsSender();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qal-secrets-'));
  db = await openPgliteDatabase();
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
  platform = await createEmbeddedPlatform(config, qalLedgerModule, { db, sms, clock, logger: logger.child({ service: 'services' }) });
  qal = await buildApp({ ...platform, config, clock, loggerInstance: logger.child({ service: 'gateway' }) });
  await qal.app.ready();
});
afterAll(async () => {
  await qal?.app.close();
  await platform?.close();
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const keysOf = (language: 'en' | 'am', word: string) => [
  ...new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null)),
];

it('never puts the word in an answer before the end, nor in any log line', async () => {
  const phone = '+251911223344';
  await qal.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone } });
  const verified = await qal.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-otp',
    payload: { phone, otp: sms.lastCodeFor(phone) },
  });
  const headers = { authorization: `Bearer ${verified.json().data.token}` };

  for (const language of ['en', 'am'] as const) {
    const started = await qal.app.inject({ method: 'POST', url: '/api/v1/games/hangman/play', headers, payload: { language } });
    const { matchId } = started.json().data as { matchId: string };
    const word = String((await platform.store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted')?.data.word);
    const answers = [started.body];
    const keys = keysOf(language, word);
    for (const key of keys.slice(0, -1)) {
      answers.push(
        (
          await qal.app.inject({
            method: 'POST',
            url: `/api/v1/matches/${matchId}/moves`,
            headers,
            payload: { type: 'guess', letter: key },
          })
        ).body,
      );
      answers.push((await qal.app.inject({ method: 'GET', url: `/api/v1/matches/${matchId}`, headers })).body);
    }
    for (const answer of answers) expect(answer).not.toContain(`"word":`);
    const last = await qal.app.inject({
      method: 'POST',
      url: `/api/v1/matches/${matchId}/moves`,
      headers,
      payload: { type: 'guess', letter: keys.at(-1)! },
    });
    expect(last.json().data.view).toMatchObject({ status: 'won', word });

    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain(matchId);
    expect(log).not.toContain('"word"');
    expect(log).not.toContain('"seed"');
    // An English word may be part of ordinary log text ("time" in "responseTime"), so look for it as a value.
    if (language === 'am') expect(log).not.toContain(word);
    else expect(log.toLowerCase()).not.toMatch(new RegExp(`["\\s=:/]${word.toLowerCase()}["\\s,}&/]`));
  }
});
