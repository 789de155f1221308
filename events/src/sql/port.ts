/**
 * The one SQL surface every service uses, so the same code runs on PGlite (embedded) and PostgreSQL
 * (distributed). Parameters are positional ($1, $2, ...), as in both drivers.
 */
export interface SqlResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
}

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Where the database runs one statement or transaction at a time (the embedded PGlite): statements sent here go
   * before every statement and transaction still waiting, though not before one already running. For the only
   * writer's appends, which every move waits for while reads and projections can wait a little longer. Absent,
   * `query` serves.
   */
  readonly ahead?: SqlExecutor;
  close(): Promise<void>;
}
