/**
 * npm run ledger:audit [-- --summary]
 * Replays every ledger event of the store (DATABASE_URL → PostgreSQL, else PGlite at $QAL_DATA_DIR/pglite) and
 * checks the ledger's invariants; prints a statement per account and exits 0 when clean, 1 on any violation.
 * In the embedded mode stop the server first: PGlite files are opened by one process at a time.
 */
import { formatReport } from './statement.ts';
import { auditSource } from './run.ts';
import { openAuditSource } from './source.ts';

async function main(): Promise<number> {
  const summary = process.argv.includes('--summary');
  const source = await openAuditSource();
  try {
    const report = await auditSource(source, { statements: !summary });
    for (const line of formatReport(report, { source: source.description, summary })) console.log(line);
    return report.ok ? 0 : 1;
  } finally {
    await source.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`ledger audit failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
