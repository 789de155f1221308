import { createRequire } from 'node:module';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { SqlResult } from './port.ts';

/** node-postgres's own turning of a parameter into the text it sends (a module it ships without types). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null;
};

/**
 * How many statement texts stay prepared in PGlite's Postgres. The platform's statements are a few dozen fixed
 * texts; the bound keeps texts built at run time (a batch's placeholders, a migration) from growing it without end.
 */
export const PREPARED_STATEMENTS = 256;

const { serialize } = protocol;
const { DatabaseError } = protocol.messages;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Postgres refuses a prepared statement whose result's columns changed since (a table altered under it). */
const CHANGED_RESULT_TYPE = '0A000';

/**
 * Statements on one PGlite database, each in one call into its Postgres. PGlite's own `query` makes six calls per
 * statement (parse, describe the statement, bind, describe the portal, execute, sync) and parses and plans the
 * text every time; here a text is parsed once under a name of its own, and each run sends bind, describe, execute
 * and sync together: a small statement costs less than half as much. Parameters go as text, turned into text exactly
 * as node-postgres does (the same statements run on PostgreSQL through it), so Postgres infers their types from the
 * statement, as it does there.
 *
 * One statement at a time: PGlite keeps the messages of the call in progress in one place, so a call must have
 * taken its answer before the next one starts. Callers still serialise transactions themselves.
 */
export interface PgliteStatements {
  run<Row>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /** A statement without parameters or a result (`begin`, `commit`, `rollback`), in the simple protocol. */
  control(text: string): Promise<void>;
}

/** Told how long each statement held PGlite (from its call to its answer, not counting its wait for the ones before it). */
export type StatementObserver = (text: string, ms: number) => void;

export function createPgliteStatements(pglite: PGlite, observe?: StatementObserver): PgliteStatements {
  /** Text → the name it is prepared under, oldest first (a text run again moves to the end). */
  const prepared = new Map<string, string>();
  /** Names to close with the next statement, pushed out of `prepared`. */
  const closing: string[] = [];
  let named = 0;
  let tail: Promise<unknown> = Promise.resolve();

  function exclusive<T>(text: string, work: () => Promise<T>): Promise<T> {
    const timed = observe
      ? async () => {
          const started = performance.now();
          try {
            return await work();
          } finally {
            observe(text, performance.now() - started);
          }
        }
      : work;
    const run = tail.then(timed, timed);
    tail = run.catch(() => undefined);
    return run;
  }

  function nameFor(text: string): { name: string; parse: boolean } {
    const name = prepared.get(text);
    if (name !== undefined) {
      prepared.delete(text);
      prepared.set(text, name);
      return { name, parse: false };
    }
    return { name: `qal_${(named += 1)}`, parse: true };
  }

  /** Makes room for one more prepared text: the one used longest ago is closed before it is parsed. */
  function makeRoom() {
    if (prepared.size < PREPARED_STATEMENTS) return;
    const [oldest, name] = prepared.entries().next().value!;
    prepared.delete(oldest);
    closing.push(name);
  }

  function call(parts: readonly Uint8Array[]): Promise<BackendMessage[]> {
    const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    return pglite.execProtocolStream(message, { syncToFs: false, throwOnError: false });
  }

  async function runOnce<Row>(text: string, values: (string | Buffer | null)[], retry: boolean): Promise<SqlResult<Row>> {
    const statement = nameFor(text);
    if (statement.parse) makeRoom();
    const messages = await call([
      ...closing.splice(0).map((name) => serialize.close({ type: 'S', name })),
      ...(statement.parse ? [serialize.parse({ name: statement.name, text })] : []),
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // Parsed, it stays prepared even if a later step failed; not parsed, its name is free to forget.
    if (statement.parse && messages.some((m) => m.name === 'parseComplete')) prepared.set(text, statement.name);
    const failure = messages.find((m) => m instanceof DatabaseError);
    if (failure?.code === CHANGED_RESULT_TYPE && !statement.parse) {
      prepared.delete(text);
      closing.push(statement.name);
      // Outside a transaction nothing was done yet: prepared again, it runs as if it had been new.
      if (retry && !pglite.isInTransaction()) return runOnce(text, values, false);
    }
    if (failure) throw failure;
    const [result] = parse.parseResults(messages, pglite.parsers);
    return { rows: (result?.rows ?? []) as Row[], rowCount: result?.affectedRows ?? result?.rows.length ?? 0 };
  }

  return {
    run<Row>(text: string, params: readonly unknown[] = []) {
      const values = params.map((value) => (value === null || value === undefined ? null : prepareValue(value)));
      return exclusive(text, () => runOnce<Row>(text, values, true));
    },
    control(text: string) {
      return exclusive(text, async () => {
        const failure = (await call([serialize.query(text)])).find((m) => m instanceof DatabaseError);
        if (failure) throw failure;
      });
    },
  };
}
