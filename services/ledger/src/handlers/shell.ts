import {
  accountStreamId,
  comparePositions,
  holdStreamId,
  parseLedgerEvent,
  PartialDuplicateError,
  purchaseStreamId,
  WrongExpectedVersionError,
  type AccountId,
  type CommandEnvelope,
  type CommandOutcome,
  type EventStore,
  type JsonObject,
  type KeyedLock,
  type Position,
  type SqlDatabase,
  type StoredEvent,
  type StreamAppend,
} from '@qal/events';
import { MAX_APPEND_ATTEMPTS, RETRY_JITTER_MS, RETRY_MAX_WAIT_MS } from '../config.ts';
import {
  emptyAccount,
  foldAccount,
  foldHold,
  foldPurchase,
  walletFromLastEvent,
  type AccountState,
  type HoldState,
  type PurchaseState,
} from '../core/state.ts';
import type { Accounts } from '../core/decide.ts';
import type { PaymentProvider } from '../payments/port.ts';
import type { WalletMemory } from './wallet-memory.ts';

export interface Logger {
  info(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface HandlerDeps {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  readonly payments: PaymentProvider;
  readonly locks: KeyedLock;
  readonly logger: Logger;
  readonly wallets: WalletMemory;
}

/** A handler's answer, and the position of what it appended (null when it appended nothing). */
export interface HandlerResult {
  readonly outcome: CommandOutcome;
  readonly position: Position | null;
}

export const answer = (outcome: CommandOutcome, position: Position | null = null): HandlerResult => ({ outcome, position });

/** Returned by an attempt that lost a race (or found its events stored already): run it again. */
export const AGAIN = Symbol('again');

/**
 * Optimistic concurrency: an attempt loads state, decides and appends at the versions it read. When another
 * writer got there first (WrongExpectedVersionError), or the events turn out to be stored already in full
 * (a duplicate) or in part (the same id used for another movement), the attempt runs again on fresh state;
 * `attempt` tells it which try it is, so a first try may skip looking for an earlier use of its id.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T | typeof AGAIN>): Promise<T> {
  for (let n = 1; n <= MAX_APPEND_ATTEMPTS; n += 1) {
    try {
      const result = await attempt(n);
      if (result !== AGAIN) return result;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) && !(error instanceof PartialDuplicateError)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_MAX_WAIT_MS, Math.random() * RETRY_JITTER_MS * n)));
  }
  throw new Error(`gave up after ${MAX_APPEND_ATTEMPTS} attempts lost to concurrent writers`);
}

const typed = (events: readonly StoredEvent[]) =>
  events.flatMap((stored) => {
    const event = parseLedgerEvent(stored);
    return event ? [{ event, streamPosition: stored.streamPosition }] : [];
  });

/** A wallet: its last event carries the running totals, so one row is read however long the history. */
export async function loadWallet(store: EventStore, accountId: AccountId): Promise<AccountState> {
  const [last] = await store.readStream(accountStreamId(accountId), { direction: 'backward', limit: 1 });
  return walletFromLastEvent(accountId, last);
}

/** The accounts a decision needs, read: wallets from their last event, escrows folded (they live for one match). */
export async function loadAccounts(deps: HandlerDeps, accountIds: readonly AccountId[]): Promise<Map<string, AccountState>> {
  const states = await Promise.all(
    accountIds.map(async (accountId) => {
      if (accountId.startsWith('wallet:')) return loadWallet(deps.store, accountId);
      const events = await deps.store.readStream(accountStreamId(accountId));
      return events.length === 0 ? emptyAccount(accountId, true) : foldAccount(accountId, typed(events));
    }),
  );
  deps.wallets.learn(states);
  return new Map(states.map((state) => [state.accountId, state]));
}

/**
 * Decides on the wallets as this process last wrote or read them, unread, when it knows them all: an accepted
 * decision is appended at their versions, so it lands only if no other process moved them since. A refusal
 * appends nothing and so meets no such check: it is decided again on states read from the store.
 */
export async function decideOnAccounts<D extends { readonly kind: string }>(
  deps: HandlerDeps,
  accountIds: readonly AccountId[],
  decide: (accounts: Accounts) => D,
): Promise<D> {
  const remembered = deps.wallets.recall(accountIds);
  if (remembered) {
    const decision = decide(remembered);
    if (decision.kind === 'accepted') return decision;
  }
  return decide(await loadAccounts(deps, accountIds));
}

export async function loadHold(store: EventStore, holdId: string): Promise<{ hold: HoldState; last: StoredEvent } | null> {
  const events = await store.readStream(holdStreamId(holdId));
  const hold = foldHold(typed(events));
  const last = events.at(-1);
  return hold && last ? { hold, last } : null;
}

export async function loadPurchase(store: EventStore, purchaseId: string): Promise<{ purchase: PurchaseState; last: StoredEvent } | null> {
  const events = await store.readStream(purchaseStreamId(purchaseId));
  const purchase = foldPurchase(typed(events));
  const last = events.at(-1);
  return purchase && last ? { purchase, last } : null;
}

/** The first event of a transfer's or hold's own stream: present once that id was used. */
export async function firstEvent(store: EventStore, streamId: string): Promise<StoredEvent | null> {
  const [first] = await store.readStream(streamId, { limit: 1 });
  return first ?? null;
}

/** What the command that appended an event answered: its id and outcome are kept in the event's metadata. */
export function recordedOutcome(event: StoredEvent): { commandId: string | null; data: Record<string, unknown> } {
  const { commandId, outcome } = event.metadata;
  return {
    commandId: typeof commandId === 'string' ? commandId : null,
    data: outcome && typeof outcome === 'object' && !Array.isArray(outcome) ? (outcome as Record<string, unknown>) : {},
  };
}

/**
 * Appends a decision. Every event records the command it came from; the transfer's, hold's or purchase's own
 * event also records the outcome, so a retry of the command (or a re-delivery) can answer exactly as the
 * first time. Returns the position of the append, or 'duplicate' when every event was stored already. The
 * process remembers the wallets as the append left them; an append that did not land forgets them.
 */
export async function appendDecision(
  deps: HandlerDeps,
  command: CommandEnvelope,
  appends: readonly StreamAppend[],
  outcome: JsonObject,
): Promise<Position | 'duplicate'> {
  let result: Awaited<ReturnType<EventStore['append']>>;
  try {
    result = await appendWithOutcome(deps.store, command, appends, outcome);
  } catch (error) {
    deps.wallets.forget(appends);
    throw error;
  }
  if (result.outcome === 'duplicate') {
    deps.wallets.forget(appends);
    return 'duplicate';
  }
  deps.wallets.appended(appends);
  let last: Position | null = null;
  for (const event of result.events) if (!last || comparePositions(event, last) > 0) last = event;
  if (!last) throw new Error('an append returned no events');
  return { transactionId: last.transactionId, globalPosition: last.globalPosition };
}

function appendWithOutcome(store: EventStore, command: CommandEnvelope, appends: readonly StreamAppend[], outcome: JsonObject) {
  const base: JsonObject = { commandId: command.commandId, correlationId: command.correlationId, actorId: command.actorId };
  return store.append(
    appends.map((append) => ({
      ...append,
      events: append.events.map((event) => ({
        ...event,
        metadata: append.streamId.startsWith('account-') ? base : { ...base, outcome },
      })),
    })),
  );
}
