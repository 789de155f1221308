import type { AuditReport } from './audit.ts';

const pad = (value: string | number, width: number) => String(value).padStart(width);
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '0');

/** The audit as text: a statement per account (opening, each movement, closing), totals, then the verdict. */
export function formatReport(report: AuditReport, options: { source: string; summary?: boolean }): string[] {
  const out: string[] = [];
  out.push(`Qal ledger audit of ${options.source}`);
  out.push(`${report.eventsRead} events read, ${report.ledgerEvents} ledger events in ${report.streams} ledger streams`);
  out.push('');
  for (const account of report.accounts) {
    out.push(`== ${account.accountId}`);
    out.push(`   opening ${pad(0, 52)}`);
    if (!options.summary) {
      for (const line of account.lines) {
        const held = line.heldChange !== 0 ? `held ${signed(line.heldChange)}` : '';
        out.push(
          `   ${line.at}  ${line.type.padEnd(19)} ${pad(signed(line.balanceChange), 8)} ${held.padEnd(11)} ${line.reason.padEnd(13)} ` +
            `${line.movementId}  ${line.counterpartyId ? `(${line.counterpartyId})` : ''}  → ${line.balance}${line.held ? ` held ${line.held}` : ''}`,
        );
      }
    }
    out.push(
      `   closing balance ${account.balance}, held ${account.held}, available ${account.balance - account.held}` +
        `${account.pendingCredit ? `, pending credit ${account.pendingCredit}` : ''}  (${account.movements} movements, ` +
        `debits ${account.debits}, credits ${account.credits})`,
    );
    out.push('');
  }
  const t = report.totals;
  out.push('Totals');
  out.push(`   Σ debits ${t.debits}   Σ credits ${t.credits}   (pending: debits ${t.pendingDebits}, credits ${t.pendingCredits})`);
  out.push(
    `   transfers ${t.transfers}; holds placed ${t.holds.placed}: posted ${t.holds.posted}, voided ${t.holds.voided}, expired ${t.holds.expired}, pending ${t.holds.pending}`,
  );
  out.push(`   purchases started ${t.purchases.started}, completed ${t.purchases.completed}`);
  for (const warning of report.warnings) out.push(`warning: ${warning}`);
  out.push('');
  if (report.ok) out.push('CLEAN: every check passed.');
  else {
    out.push(`VIOLATIONS (${report.violations.length}):`);
    for (const v of report.violations) out.push(`  - ${v}`);
  }
  return out;
}
