import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPostgresDatabase } from '../sql/postgres.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { dockerAnswers, postgresContainer, reportSource } from './containers.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Finds the PostgreSQL server for integration tests: DATABASE_URL, else a container where a Docker engine answers,
 * else the local server. Returns null (and the caller skips with the printed reason) when none answers, except in
 * CI, where a missing server fails the run.
 */
export async function findTestPostgres(): Promise<string | null> {
  const given = process.env.DATABASE_URL;
  const url = given ?? ((await dockerAnswers()) ? await postgresContainer() : DEFAULT_URL);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    reportSource('PostgreSQL', given ? 'DATABASE_URL' : url === DEFAULT_URL ? `the local server (${url})` : `testcontainers (${url})`);
    return url;
  } catch (error) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but ${url} did not answer: ${String(error)}`);
    console.warn(`SKIP PostgreSQL suites: ${url} did not answer (${String(error)})`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, empty database on the test server, dropped by `drop()`: suites never see each other's rows. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; db: SqlDatabase; drop: () => Promise<void> }> {
  const name = `qal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase({ connectionString: url.toString() });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pg's pool.end() resolves before its connections have closed; terminating one that is still closing
      // surfaces as an unhandled FATAL error in the test run, so give them a moment to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query(`select count(*)::int as n from pg_stat_activity where datname = $1`, [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
