import { createAuditor, type AuditReport } from './audit.ts';
import { readEverything, readModelSnapshot, type AuditSource } from './source.ts';

/** Audits a store: the read model first (with its checkpoint), then every event streamed through the auditor. */
export async function auditSource(source: AuditSource, options: { statements: boolean }): Promise<AuditReport> {
  const readModel = await readModelSnapshot(source.db, source.store);
  const auditor = createAuditor({ readModel, statements: options.statements });
  for await (const event of readEverything(source.store)) auditor.observe(event);
  const report = auditor.finish();
  if (readModel === null && report.ledgerEvents > 0) {
    return {
      ...report,
      ok: false,
      violations: [...report.violations, 'the read model (ledger_accounts) is missing, so it cannot be compared'],
    };
  }
  return report;
}
