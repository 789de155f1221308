/**
 * What the room still owes the ledger, from its state: the shell sends these (ids fixed by the hold or transfer,
 * so a repeat moves nothing twice) and records each answer in the room stream. Order matters: holds are placed
 * before they are resolved, and a match's transfers wait until every hold it posts is posted (the escrow pays
 * only what it holds).
 */
import type { HoldRecord, RoomState, TransferRecord } from './state.ts';

export type LedgerStep =
  | { readonly kind: 'place'; readonly hold: HoldRecord }
  | { readonly kind: 'resolve'; readonly hold: HoldRecord; readonly action: 'post' | 'void' }
  | { readonly kind: 'transfer'; readonly transfer: TransferRecord };

export function pendingLedgerSteps(state: RoomState): LedgerStep[] {
  const steps: LedgerStep[] = [];
  for (const hold of state.holds) {
    if (hold.placement === 'pending') steps.push({ kind: 'place', hold });
    else if (hold.placement === 'placed' && hold.resolution && !hold.resolved)
      steps.push({ kind: 'resolve', hold, action: hold.resolution });
    // A hold still pending placement with a resolution decided: placed first (the same id), resolved on the next pass.
  }
  const unposted = new Set(state.holds.filter((h) => h.resolution === 'post' && h.resolved === null).map((h) => h.matchId));
  for (const transfer of state.transfers) if (!transfer.done && !unposted.has(transfer.matchId)) steps.push({ kind: 'transfer', transfer });
  return steps;
}

export const hasPendingMoney = (state: RoomState): boolean => pendingLedgerSteps(state).length > 0;
