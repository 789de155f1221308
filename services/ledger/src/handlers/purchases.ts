import {
  purchaseStreamId,
  rejected,
  succeeded,
  walletAccountId,
  type CommandEnvelope,
  type ConfirmPurchase,
  type StartPurchase,
} from '@qal/events';
import type { z } from 'zod';
import { decideCompletePurchase, purchaseStartedAppend } from '../core/decide.ts';
import { findPackage } from '../core/packages.ts';
import type { PurchaseState } from '../core/state.ts';
import {
  AGAIN,
  answer,
  appendDecision,
  loadAccounts,
  loadPurchase,
  loadWallet,
  recordedOutcome,
  withRetries,
  type HandlerDeps,
  type HandlerResult,
} from './shell.ts';

const startedOutcome = (purchase: PurchaseState) => ({
  purchaseId: purchase.started.purchaseId,
  status: purchase.completed ? 'completed' : 'pending',
  checkoutUrl: purchase.started.checkoutUrl,
});

/** Starts a purchase: the provider opens a checkout, the ledger records what was ordered. Nothing is credited yet. */
export function startPurchase(deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof StartPurchase>): Promise<HandlerResult> {
  const pack = findPackage(payload.packageId);
  if (!pack) return Promise.resolve(answer(rejected(command.commandId, 'unknown_package', { packageId: payload.packageId })));
  return deps.locks.run([purchaseStreamId(payload.purchaseId)], async () => {
    const sameOrder = (p: PurchaseState) => p.started.userId === payload.userId && p.started.packageId === payload.packageId;
    const replay = (p: PurchaseState) =>
      answer(
        sameOrder(p)
          ? succeeded(command.commandId, startedOutcome(p))
          : rejected(command.commandId, 'transfer_id_conflict', { purchaseId: payload.purchaseId }),
      );
    const existing = await loadPurchase(deps.store, payload.purchaseId);
    if (existing) return replay(existing.purchase);
    if (!(await loadWallet(deps.store, walletAccountId(payload.userId))).opened) {
      return answer(rejected(command.commandId, 'account_not_found', { accountId: walletAccountId(payload.userId) }));
    }
    const checkout = await deps.payments.start({
      purchaseId: payload.purchaseId,
      userId: payload.userId,
      packageId: pack.id,
      tokens: pack.tokens,
      priceEtb: pack.priceEtb,
    });
    const started = {
      purchaseId: payload.purchaseId,
      userId: payload.userId,
      packageId: pack.id,
      tokens: pack.tokens,
      priceEtb: pack.priceEtb,
      provider: deps.payments.name,
      checkoutReference: checkout.checkoutReference,
      checkoutUrl: checkout.checkoutUrl,
    };
    const data = { purchaseId: payload.purchaseId, status: 'pending', checkoutUrl: checkout.checkoutUrl };
    try {
      const position = await appendDecision(deps, command, [purchaseStartedAppend(started)], data);
      if (position !== 'duplicate') return answer(succeeded(command.commandId, data), position);
    } catch (error) {
      // Another process started the same purchase id first: answer from what it stored.
      const raced = await loadPurchase(deps.store, payload.purchaseId);
      if (!raced) throw error;
    }
    const stored = await loadPurchase(deps.store, payload.purchaseId);
    if (!stored) throw new Error(`purchase ${payload.purchaseId} vanished`);
    return replay(stored.purchase);
  });
}

/**
 * Confirms a purchase: asks the provider whether it was paid, then credits `purchases → wallet` once. The credit's
 * transfer id comes from the provider's own name for the payment, and the purchase is completed at the version
 * it was read at: one credit per payment and one per purchase, however often and however concurrently confirmed.
 */
export async function confirmPurchase(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: z.infer<typeof ConfirmPurchase>,
): Promise<HandlerResult> {
  // The purchase is locked while the provider is asked; the wallet only for the append, so a slow provider
  // never holds up the player's other commands.
  return deps.locks.run([purchaseStreamId(payload.purchaseId)], async () => {
    const completedAnswer = (current: NonNullable<Awaited<ReturnType<typeof loadPurchase>>>) => {
      const first = recordedOutcome(current.last);
      return answer(
        succeeded(
          command.commandId,
          first.commandId === command.commandId
            ? first.data
            : { purchaseId: payload.purchaseId, status: 'completed', tokens: current.purchase.started.tokens, alreadyCredited: true },
        ),
      );
    };
    const before = await loadPurchase(deps.store, payload.purchaseId);
    if (!before) return answer(rejected(command.commandId, 'purchase_not_found', { purchaseId: payload.purchaseId }));
    if (before.purchase.completed) return completedAnswer(before);
    const { started } = before.purchase;
    if (started.provider !== deps.payments.name) {
      return answer(
        rejected(command.commandId, 'payment_not_verified', { reason: `started with ${started.provider}, not ${deps.payments.name}` }),
      );
    }
    const wallet = walletAccountId(started.userId);
    const verification = await deps.payments.verify({
      purchaseId: started.purchaseId,
      providerReference: payload.providerReference,
      checkoutReference: started.checkoutReference,
      priceEtb: started.priceEtb,
    });
    if (!verification.paid) return answer(rejected(command.commandId, 'payment_not_verified', { reason: verification.reason }));

    return deps.locks.run([wallet], () =>
      withRetries(async (attempt) => {
        // The first attempt decides on the purchase as read under its lock (this process changes it only under that
        // lock; another process's change fails the append at the version read, and the next attempt reloads).
        const current = attempt === 1 ? before : await loadPurchase(deps.store, payload.purchaseId);
        if (!current) throw new Error(`purchase ${payload.purchaseId} vanished`);
        if (current.purchase.completed) return completedAnswer(current);
        const decision = decideCompletePurchase(
          current.purchase,
          deps.payments.name,
          verification.reference,
          await loadAccounts(deps, [wallet]),
        );
        if (decision.kind === 'already_completed') return completedAnswer(current);
        if (decision.kind === 'rejected') return answer(rejected(command.commandId, decision.reason, { ...decision.details }));
        const data = { purchaseId: started.purchaseId, status: 'completed', tokens: started.tokens, alreadyCredited: false };
        const position = await appendDecision(deps, command, decision.appends, data);
        return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
      }),
    );
  });
}
