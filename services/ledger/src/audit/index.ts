/**
 * @qal/ledger/audit: checks the ledger's invariants by replaying its events (`npm run ledger:audit`, the
 * simulation and room suites, the ledger benchmark): a streaming auditor, the pure `audit()` over events in
 * memory, and the store and read-model readers it runs on.
 */
export { audit, createAuditor } from './audit.ts';
export type { AccountReport, AuditOptions, AuditReport, ReadModelAccount, ReadModelSnapshot, StatementLine } from './audit.ts';
export { auditSource } from './run.ts';
export { openAuditSource, readEverything, readModelSnapshot, type AuditSource } from './source.ts';
export { formatReport } from './statement.ts';
