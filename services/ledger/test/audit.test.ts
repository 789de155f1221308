import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEventStore, openPgliteDatabase, type SqlDatabase } from '@qal/events';
import { findTestPostgres } from '@qal/events/testing';
import { auditSource } from '../src/audit/run.ts';
import { openAuditSource } from '../src/audit/source.ts';
import { runScenario } from './scenario.ts';
import { postgresBackend, startLedger, type Backend } from './support.ts';

const CLI = fileURLToPath(new URL('../src/audit/cli.ts', import.meta.url));

/** Edits one stored event behind the store's back: a daily bonus credit now claims 1000 tokens. */
async function tamper(db: SqlDatabase): Promise<string> {
  const { rows } = await db.query<{ stream_id: string; stream_position: string }>(
    `update eventstore.events set data = jsonb_set(data, '{amount}', '1000')
      where event_id = (select event_id from eventstore.events
                         where type = 'AccountCredited' and data->>'reason' = 'daily_bonus' order by global_position limit 1)
      returning stream_id, stream_position::text as stream_position`,
  );
  const row = rows[0];
  if (!row) throw new Error('nothing to tamper with');
  return `${row.stream_id}@${row.stream_position}`;
}

function runCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--summary'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('ledger audit of an embedded (PGlite) data directory', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qal-audit-'));
    const db = await openPgliteDatabase(join(dataDir, 'pglite'));
    const store = await createSqlEventStore(db);
    const ledger = await startLedger(store, db);
    await runScenario(ledger);
    await ledger.stop();
    await store.close();
    await db.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is clean after a scripted day, then reports the event edited by raw SQL', async () => {
    const source = await openAuditSource({ QAL_DATA_DIR: dataDir });
    try {
      const clean = await auditSource(source, { statements: true });
      expect(clean.violations).toEqual([]);
      expect(clean.totals.transfers).toBeGreaterThan(5);

      const edited = await tamper(source.db);
      const broken = await auditSource(source, { statements: false });
      expect(broken.ok).toBe(false);
      expect(broken.violations).toEqual(expect.arrayContaining([expect.stringContaining(`${edited}: hash does not match`)]));
    } finally {
      await source.close();
    }
  });

  it('says clearly when there is no data directory', async () => {
    await expect(openAuditSource({ QAL_DATA_DIR: join(dataDir, 'missing') })).rejects.toThrow(/no embedded database/);
  });
});

const url = await findTestPostgres();

describe.skipIf(!url)('npm run ledger:audit against PostgreSQL (child process)', () => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await postgresBackend(url!)();
    const ledger = await startLedger(backend.store, backend.db);
    await runScenario(ledger);
    await ledger.stop();
  });
  afterAll(() => backend?.close());

  it('exits 0 with statements and totals when the ledger is clean', async () => {
    const result = await runCli({ DATABASE_URL: backend.url! });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('CLEAN: every check passed.');
    expect(result.stdout).toMatch(/== wallet:sc-abebe\n\s+opening/);
    expect(result.stdout).toMatch(/Σ debits (\d+)\s+Σ credits \1/);
    expect(result.code).toBe(0);
  });

  it('exits 1 and names the broken chain after an event is edited in the database', async () => {
    const edited = await tamper(backend.db);
    const result = await runCli({ DATABASE_URL: backend.url! });
    expect(result.stdout).toContain('VIOLATIONS');
    expect(result.stdout).toContain(`${edited}: hash does not match the event's content (hash chain broken: edited event?)`);
    expect(result.code).toBe(1);
  });
});
