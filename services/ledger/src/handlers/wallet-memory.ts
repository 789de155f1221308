import { accountStreamId, walletAccountId, type AccountId, type StreamAppend } from '@qal/events';
import { MAX_REMEMBERED_WALLETS } from '../config.ts';
import { walletFromLastEvent, type AccountState } from '../core/state.ts';

const WALLET_STREAM_PREFIX = accountStreamId(walletAccountId(''));
const ACCOUNT_STREAM_PREFIX = accountStreamId('');

/**
 * Each wallet as this process last wrote or read it. A decision on remembered wallets is appended at their
 * versions like any other, so a wallet another process moved since fails that append and is read again.
 */
export interface WalletMemory {
  /** The states of `accountIds` when every one is a remembered wallet, else null (they are read). */
  recall(accountIds: readonly AccountId[]): Map<string, AccountState> | null;
  /** States just read from the store. */
  learn(states: Iterable<AccountState>): void;
  /** After a committed append: each wallet as its last appended event leaves it. */
  appended(appends: readonly StreamAppend[]): void;
  /** After an append that failed or found its events stored: its wallets are read again when next needed. */
  forget(appends: readonly StreamAppend[]): void;
}

export function createWalletMemory(limit = MAX_REMEMBERED_WALLETS): WalletMemory {
  const wallets = new Map<string, AccountState>();
  const keep = (state: AccountState) => {
    wallets.delete(state.accountId);
    wallets.set(state.accountId, state);
    if (wallets.size > limit) wallets.delete(wallets.keys().next().value!);
  };
  const walletOf = (append: StreamAppend) =>
    append.streamId.startsWith(WALLET_STREAM_PREFIX) ? (append.streamId.slice(ACCOUNT_STREAM_PREFIX.length) as AccountId) : null;

  return {
    recall(accountIds) {
      const states = new Map<string, AccountState>();
      for (const accountId of accountIds) {
        const state = wallets.get(accountId);
        if (!state) return null;
        states.set(accountId, state);
      }
      return states;
    },
    learn(states) {
      for (const state of states) if (state.accountId.startsWith(walletAccountId('')) && state.opened) keep(state);
    },
    appended(appends) {
      for (const append of appends) {
        const accountId = walletOf(append);
        if (!accountId) continue;
        const last = append.events.at(-1);
        const base = append.expectedVersion === 'no_stream' ? 0 : append.expectedVersion;
        const { balanceAfter, heldAfter } = last?.data ?? {};
        if (typeof base !== 'number' || typeof balanceAfter !== 'number' || typeof heldAfter !== 'number') wallets.delete(accountId);
        else keep(walletFromLastEvent(accountId, { data: { balanceAfter, heldAfter }, streamPosition: base + append.events.length }));
      }
    },
    forget(appends) {
      for (const append of appends) {
        const accountId = walletOf(append);
        if (accountId) wallets.delete(accountId);
      }
    },
  };
}
