/**
 * The vacuum PostgreSQL's autovacuum would run, for the embedded PGlite, which has none: PGlite runs Postgres in
 * single-user mode, with no background workers. Without it a table whose rows are rewritten (a room's row on every
 * change of the room, a stream's head on every append) keeps every old version in its heap and indexes, and each
 * write and read wades through more of them; and no row is ever frozen, so a store that runs long enough would reach
 * the transaction-id limit where Postgres stops accepting writes.
 *
 * Every UPKEEP_INTERVAL_MS the database's worker reads each table's activity and vacuums the tables past autovacuum's
 * own default threshold, each in a turn of its own on the one connection. It does not analyze: the platform's
 * statements are written to need no column statistics (a join reads its rows by key), and with statistics gathered
 * mid-run the leaderboard's lookup of players' stats took a plan that ran 84–182 ms a batch instead of a few.
 */

/** How often the tables' activity is read: more often than autovacuum's minute, for a store that rewrites rows fast. */
export const UPKEEP_INTERVAL_MS = 15_000;

/** autovacuum's default: a table is vacuumed once this many rows plus this share of its live rows are dead. */
const VACUUM_THRESHOLD = { rows: 50, share: 0.2 } as const;
/**
 * A table whose oldest unfrozen row is this many transactions old is vacuumed with every row frozen: half of
 * autovacuum's default limit, itself a tenth of the way to where Postgres would stop accepting writes. A table that is
 * only ever inserted into (the events) has no dead rows: only this vacuums it.
 */
export const FREEZE_AGE = 100_000_000;

/** One row of TABLE_ACTIVITY_SQL. */
export interface TableActivity {
  /** The table's name, quoted and schema-qualified as a statement names it. */
  readonly name: string;
  readonly live: number;
  readonly dead: number;
  /** Transactions since the table's oldest unfrozen row (`age(relfrozenxid)`). */
  readonly age: number;
}

export const TABLE_ACTIVITY_SQL = `
  select format('%I.%I', s.schemaname, s.relname) as name, s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead,
         age(c.relfrozenxid)::float8 as age
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid`;

const past = (count: number, live: number, threshold: { rows: number; share: number }) => count > threshold.rows + threshold.share * live;

/** The vacuums that bring the tables up to date, most dead rows first; each is a turn of its own. */
export function upkeepStatements(tables: readonly TableActivity[]): string[] {
  return [...tables]
    .sort((a, b) => b.dead - a.dead)
    .flatMap((t) =>
      t.age > FREEZE_AGE ? [`vacuum (freeze) ${t.name}`] : past(t.dead, t.live, VACUUM_THRESHOLD) ? [`vacuum ${t.name}`] : [],
    );
}
