import type { SqlDatabase } from './port.ts';

export interface Migration {
  readonly id: string;
  readonly sql: string;
  /** Run `sql` as one statement instead of splitting it at `;` (a function body has semicolons of its own). */
  readonly whole?: boolean;
}

/**
 * Applies each migration once, in order, under an advisory lock so that several processes starting together
 * (two gateways) do not race. `scope` names the owner (a service), so each keeps its own list.
 */
export async function migrate(db: SqlDatabase, scope: string, migrations: readonly Migration[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('qal-migrations'))`);
    await tx.query(
      `create table if not exists schema_migrations (scope text not null, id text not null,
         applied_at timestamptz not null default now(), primary key (scope, id))`,
    );
    const { rows } = await tx.query<{ id: string }>(`select id from schema_migrations where scope = $1`, [scope]);
    const applied = new Set(rows.map((r) => r.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.whole ? [migration.sql] : splitStatements(migration.sql)) await tx.query(statement);
      await tx.query(`insert into schema_migrations (scope, id) values ($1, $2)`, [scope, migration.id]);
    }
  });
}

/** Parameterised queries take one statement at a time; migrations are written as `;`-separated statements. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
