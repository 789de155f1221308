import { Counter } from 'prom-client';
import { TransferPosted, type AppendObserver } from '@qal/events';
import type { Registry } from '@qal/events/metrics';
import { PROJECTION_SUBSCRIBER } from './config.ts';

/** The ledger's store subscribers whose lag a process running the ledger reports. */
export const LEDGER_PROJECTIONS: readonly string[] = [PROJECTION_SUBSCRIBER];

/**
 * Transfers the ledger posted, by reason, counted from the TransferPosted records of this process's appends (a
 * retried transfer is a duplicate append and is not counted again). Holds count when they are placed, not here.
 */
export function ledgerTransferMetrics(registry: Registry): AppendObserver {
  const transfers = new Counter({
    name: 'qal_ledger_transfers_total',
    help: 'Token transfers posted by the ledger, by reason (welcome_grant, purchase, game_fee, reward, ...)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'qal_ledger_transferred_tokens_total',
    help: 'Tokens moved by the transfers the ledger posted, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  return ({ events }) => {
    for (const event of events) {
      if (event.type !== 'TransferPosted') continue;
      const transfer = TransferPosted.safeParse(event.data);
      if (!transfer.success) continue;
      transfers.inc({ reason: transfer.data.reason });
      tokens.inc({ reason: transfer.data.reason }, transfer.data.amount);
    }
  };
}
