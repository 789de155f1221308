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
  close(): Promise<void>;
}
