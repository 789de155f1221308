import {
  asAccountId,
  rejected,
  succeeded,
  transferStreamId,
  walletAccountId,
  type ClaimDailyBonus,
  type CommandEnvelope,
  type OpenWallet,
} from '@qal/events';
import type { z } from 'zod';
import { DAILY_BONUS_TOKENS } from '../config.ts';
import { addisDate } from '../core/addis-date.ts';
import { decideOpenWallet, decideTransfer } from '../core/decide.ts';
import { dailyBonusTransferId } from '../core/ids.ts';
import {
  AGAIN,
  answer,
  appendDecision,
  firstEvent,
  loadAccounts,
  loadWallet,
  recordedOutcome,
  withRetries,
  type HandlerDeps,
  type HandlerResult,
} from './shell.ts';

/** Opens the wallet with its welcome grant; opening an open wallet just reports its balance. */
export function openWallet(deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof OpenWallet>): Promise<HandlerResult> {
  const accountId = walletAccountId(payload.userId);
  return deps.locks.run([accountId], () =>
    withRetries(async () => {
      const decision = decideOpenWallet(payload.userId, await loadWallet(deps.store, accountId));
      if (decision.kind === 'already_open') return answer(succeeded(command.commandId, { balance: decision.wallet.balance }));
      const data = { balance: decision.wallets[accountId]?.balance ?? 0 };
      const position = await appendDecision(deps, command, decision.appends, data);
      return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
    }),
  );
}

/**
 * The daily bonus is a transfer whose id is (user, Addis Ababa date): a second claim that day finds that
 * transfer and is refused, a retry of the same command finds it and answers as the first time did.
 */
export function claimDailyBonus(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: z.infer<typeof ClaimDailyBonus>,
): Promise<HandlerResult> {
  const accountId = walletAccountId(payload.userId);
  const day = addisDate(new Date(command.issuedAt));
  const transferId = dailyBonusTransferId(payload.userId, day);
  return deps.locks.run([accountId], () =>
    withRetries(async () => {
      // Both reads at once: the wallet is only needed when the bonus was not claimed yet, which is the usual case.
      const [existing, accounts] = await Promise.all([
        firstEvent(deps.store, transferStreamId(transferId)),
        loadAccounts(deps, [accountId]),
      ]);
      if (existing) {
        const first = recordedOutcome(existing);
        return answer(
          first.commandId === command.commandId
            ? succeeded(command.commandId, first.data)
            : rejected(command.commandId, 'daily_bonus_already_claimed', { day }),
        );
      }
      const decision = decideTransfer(
        {
          id: transferId,
          from: asAccountId('issuance'),
          to: accountId,
          amount: DAILY_BONUS_TOKENS,
          reason: 'daily_bonus',
          matchId: null,
          purchaseId: null,
        },
        accounts,
      );
      if (decision.kind === 'rejected') return answer(rejected(command.commandId, decision.reason, { ...decision.details }));
      const wallet = decision.wallets[accountId];
      const data = { amount: DAILY_BONUS_TOKENS, balance: wallet?.balance ?? 0, available: wallet?.available ?? 0 };
      const position = await appendDecision(deps, command, decision.appends, data);
      return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
    }),
  );
}
