import {
  asAccountId,
  chainHash,
  comparePositions,
  GENESIS_HASH,
  isLedgerEventType,
  LedgerEvents,
  type LedgerEvent,
  type Position,
  type StoredEvent,
} from '@qal/events';
import { parseAccountId, type AccountKind } from '../core/accounts.ts';
import { availableOf } from '../core/money.ts';
import { emptyAccount, evolveAccount, type AccountState } from '../core/state.ts';

/**
 * The ledger auditor: replays every ledger event and checks what must always hold (docs/decisions/0005):
 * every stream's hash chain; each transfer one debit and one credit of equal amount, recorded once;
 * Σdebits = Σcredits; no wallet or escrow below zero (holds included) at any point; running balances as
 * stored; each hold resolved at most once; and the read model's balances equal the replayed ones.
 * Pure: events in, report out. `observe` one event at a time, so a large store streams through.
 */

export interface ReadModelAccount {
  readonly accountId: string;
  readonly balance: number;
  readonly held: number;
  readonly pendingCredit: number;
}

export interface ReadModelSnapshot {
  /** The projection's checkpoint when the rows were read: replayed balances are compared at that point. */
  readonly position: Position | null;
  readonly accounts: readonly ReadModelAccount[];
}

export interface AuditOptions {
  readonly readModel?: ReadModelSnapshot | null;
  /** Keep every movement for a statement per account (memory grows with the history). */
  readonly statements?: boolean;
}

export interface StatementLine {
  readonly at: string;
  readonly streamPosition: number;
  readonly type: string;
  /** The transfer or hold id. */
  readonly movementId: string;
  readonly reason: string;
  readonly counterpartyId: string;
  /** Change of the posted balance (signed), and of held and pending credit. */
  readonly balanceChange: number;
  readonly heldChange: number;
  readonly balance: number;
  readonly held: number;
}

export interface AccountReport {
  readonly accountId: string;
  readonly balance: number;
  readonly held: number;
  readonly pendingCredit: number;
  readonly debits: number;
  readonly credits: number;
  readonly movements: number;
  readonly lines: readonly StatementLine[];
}

export interface AuditReport {
  readonly ok: boolean;
  readonly violations: readonly string[];
  readonly warnings: readonly string[];
  readonly eventsRead: number;
  readonly ledgerEvents: number;
  readonly streams: number;
  readonly accounts: readonly AccountReport[];
  readonly totals: {
    readonly debits: number;
    readonly credits: number;
    readonly pendingDebits: number;
    readonly pendingCredits: number;
    readonly transfers: number;
    readonly holds: {
      readonly placed: number;
      readonly posted: number;
      readonly voided: number;
      readonly expired: number;
      readonly pending: number;
    };
    readonly purchases: { readonly started: number; readonly completed: number };
  };
}

const LEDGER_STREAM = /^(account|transfer|hold|purchase)-/;

/** A movement's name in a violation, from its legs' key (built only then: most legs are checked without a text). */
const movementLabel = (key: string) => (key.startsWith('t:') ? `transfer ${key.slice(2)}` : `hold ${key.slice(2)}`);
const sumOf = (legs: readonly { readonly amount: number }[]) => legs.reduce((total, leg) => total + leg.amount, 0);

interface Legs {
  debits: { accountId: string; amount: number }[];
  credits: { accountId: string; amount: number }[];
}

interface AccountTrack {
  readonly kind: AccountKind;
  state: AccountState;
  debits: number;
  credits: number;
  movements: number;
  lines: StatementLine[];
}

export function createAuditor(options: AuditOptions = {}) {
  const violations: string[] = [];
  const warnings: string[] = [];
  const chains = new Map<string, { position: number; hash: string }>();
  const accounts = new Map<string, AccountTrack>();
  /** Legs by movement and phase: `t:<transferId>` posted transfers, `h:<holdId>:reserve|post|release`. */
  const legs = new Map<string, Legs>();
  const transfers = new Map<string, { debitAccountId: string; creditAccountId: string; amount: number }>();
  const holds = new Map<string, { debitAccountId: string; creditAccountId: string; amount: number; resolutions: string[] }>();
  const purchases = new Map<string, { completed: number }>();
  /** Events read ahead of an earlier position of their stream, by stream and position, until it comes. */
  const parked = new Map<string, Map<number, StoredEvent>>();
  let eventsRead = 0;
  let ledgerEvents = 0;
  const compareAt = options.readModel?.position ?? null;
  /** Each account as the read model should show it at `compareAt`: what the events up to there changed. */
  const atCompare = new Map<string, { balance: number; held: number; pendingCredit: number }>();

  const violation = (message: string) => violations.push(message);
  const where = (e: StoredEvent) => `${e.streamId}@${e.streamPosition}`;

  function countTowardsReadModel(stored: StoredEvent, accountId: string, before: AccountState, after: AccountState) {
    if (compareAt && comparePositions(stored, compareAt) > 0) return;
    let seen = atCompare.get(accountId);
    if (!seen) atCompare.set(accountId, (seen = { balance: 0, held: 0, pendingCredit: 0 }));
    seen.balance += after.balance - before.balance;
    seen.held += after.held - before.held;
    seen.pendingCredit += after.pendingCredit - before.pendingCredit;
  }

  function legsOf(key: string): Legs {
    let entry = legs.get(key);
    if (!entry) legs.set(key, (entry = { debits: [], credits: [] }));
    return entry;
  }

  function checkChain(event: StoredEvent) {
    const previous = chains.get(event.streamId) ?? { position: 0, hash: GENESIS_HASH };
    if (event.streamPosition !== previous.position + 1) {
      violation(`${where(event)}: stream position follows ${previous.position} (events missing or reordered)`);
    }
    const storedHash = typeof event.metadata.hash === 'string' ? event.metadata.hash : null;
    if (event.metadata.prevHash !== previous.hash)
      violation(`${where(event)}: prevHash does not link to the previous event (hash chain broken)`);
    const recomputed = chainHash(previous.hash, event);
    if (storedHash !== recomputed) violation(`${where(event)}: hash does not match the event's content (hash chain broken: edited event?)`);
    const chain = chains.get(event.streamId);
    if (chain) {
      chain.position = event.streamPosition;
      chain.hash = storedHash ?? recomputed;
    } else chains.set(event.streamId, { position: event.streamPosition, hash: storedHash ?? recomputed });
  }

  function accountLeg(stored: StoredEvent, event: LedgerEvent) {
    const accountId = stored.streamId.slice('account-'.length);
    let track = accounts.get(accountId);
    if (!track) {
      const parsed = parseAccountId(accountId);
      if (!parsed) return violation(`${where(stored)}: ${accountId} is not a ledger account`);
      const state = emptyAccount(asAccountId(accountId), parsed.kind !== 'wallet');
      track = { kind: parsed.kind, state, debits: 0, credits: 0, movements: 0, lines: [] };
      accounts.set(accountId, track);
    }
    if ('accountId' in event.data && event.data.accountId !== accountId) {
      violation(`${where(stored)}: leg names account ${event.data.accountId} but sits in ${stored.streamId}`);
    }
    const { kind } = track;
    if (kind === 'wallet' && !track.state.opened && event.type !== 'WalletOpened') {
      violation(`${where(stored)}: ${event.type} on a wallet that was never opened`);
    }
    const before = track.state;
    const after = evolveAccount(before, event);
    track.state = { ...after, version: stored.streamPosition };
    countTowardsReadModel(stored, accountId, before, after);
    if (event.type === 'WalletOpened') return;

    track.movements += 1;
    const data = event.data;
    const movementId = 'transferId' in data ? data.transferId : 'holdId' in data ? data.holdId : '';
    if (event.type === 'AccountDebited' || event.type === 'AccountCredited') {
      const d = event.data;
      const key = d.holdId ? `h:${d.holdId}:post` : `t:${d.transferId}`;
      const side = legsOf(key);
      (event.type === 'AccountDebited' ? side.debits : side.credits).push({ accountId, amount: d.amount });
      if (event.type === 'AccountDebited') track.debits += d.amount;
      else track.credits += d.amount;
    } else if (event.type === 'DebitReserved' || event.type === 'CreditReserved') {
      const side = legsOf(`h:${event.data.holdId}:reserve`);
      (event.type === 'DebitReserved' ? side.debits : side.credits).push({ accountId, amount: event.data.amount });
    } else if (event.type === 'ReservationReleased') {
      const side = legsOf(`h:${event.data.holdId}:release`);
      (event.data.side === 'debit' ? side.debits : side.credits).push({ accountId, amount: event.data.amount });
    }

    const state = track.state;
    if ((kind === 'wallet' || kind === 'escrow') && (availableOf(state) < 0 || state.held < 0)) {
      violation(`${where(stored)}: ${accountId} went below zero (balance ${state.balance}, held ${state.held})`);
    }
    if (state.pendingCredit < 0) violation(`${where(stored)}: ${accountId} released more pending credit than it had`);
    if ('balanceAfter' in data && data.balanceAfter !== null && (data.balanceAfter !== state.balance || data.heldAfter !== state.held)) {
      violation(`${where(stored)}: running balance ${data.balanceAfter}/${data.heldAfter} but replay gives ${state.balance}/${state.held}`);
    }
    if (options.statements) {
      track.lines.push({
        at: stored.recordedAt.toISOString(),
        streamPosition: stored.streamPosition,
        type: event.type,
        movementId,
        reason: 'reason' in data ? data.reason : `${(data as { resolution: string }).resolution}`,
        counterpartyId: 'counterpartyId' in data ? data.counterpartyId : '',
        balanceChange: state.balance - before.balance,
        heldChange: state.held - before.held,
        balance: state.balance,
        held: state.held,
      });
    }
  }

  function lifecycle(stored: StoredEvent, event: LedgerEvent) {
    switch (event.type) {
      case 'TransferPosted': {
        const id = event.data.transferId;
        if (stored.streamId !== `transfer-${id}`) violation(`${where(stored)}: TransferPosted for ${id} in the wrong stream`);
        if (transfers.has(id) || stored.streamPosition !== 1) violation(`transfer ${id} recorded more than once`);
        transfers.set(id, {
          debitAccountId: event.data.debitAccountId,
          creditAccountId: event.data.creditAccountId,
          amount: event.data.amount,
        });
        return;
      }
      case 'HoldPlaced': {
        const id = event.data.holdId;
        if (holds.has(id)) violation(`hold ${id} placed more than once`);
        holds.set(id, {
          debitAccountId: event.data.debitAccountId,
          creditAccountId: event.data.creditAccountId,
          amount: event.data.amount,
          resolutions: [],
        });
        return;
      }
      case 'HoldPosted':
      case 'HoldVoided':
      case 'HoldExpired': {
        const hold = holds.get(event.data.holdId);
        if (!hold) return violation(`${where(stored)}: ${event.type} for hold ${event.data.holdId} that was never placed`);
        hold.resolutions.push(event.type);
        if (hold.resolutions.length > 1) violation(`hold ${event.data.holdId} resolved more than once: ${hold.resolutions.join(', ')}`);
        if (event.data.amount !== hold.amount)
          violation(`hold ${event.data.holdId} resolved for ${event.data.amount}, placed for ${hold.amount}`);
        return;
      }
      case 'PurchaseStarted':
        purchases.set(event.data.purchaseId, { completed: 0 });
        return;
      case 'PurchaseCompleted': {
        const purchase = purchases.get(event.data.purchaseId);
        if (!purchase) return violation(`${where(stored)}: purchase ${event.data.purchaseId} completed but never started`);
        purchase.completed += 1;
        if (purchase.completed > 1) violation(`purchase ${event.data.purchaseId} credited more than once`);
        return;
      }
      default:
        return;
    }
  }

  function replay(stored: StoredEvent) {
    checkChain(stored);
    if (!isLedgerEventType(stored.type)) {
      warnings.push(`${where(stored)}: unknown event type ${stored.type} in a ledger stream`);
      return;
    }
    ledgerEvents += 1;
    const parsed = LedgerEvents[stored.type].safeParse(stored.data);
    if (!parsed.success)
      return violation(`${where(stored)}: ${stored.type} does not match its schema (${parsed.error.issues[0]?.message})`);
    const event = { type: stored.type, data: parsed.data } as LedgerEvent;
    if (stored.streamId.startsWith('account-')) accountLeg(stored, event);
    else lifecycle(stored, event);
  }

  const chainOf = (streamId: string) => chains.get(streamId)?.position ?? 0;

  /** Replays a stream's parked events that follow on from where it is. */
  function replayParked(streamId: string) {
    const waiting = parked.get(streamId);
    for (let next = waiting?.get(chainOf(streamId) + 1); waiting && next; next = waiting.get(chainOf(streamId) + 1)) {
      waiting.delete(next.streamPosition);
      replay(next);
    }
    if (waiting?.size === 0) parked.delete(streamId);
  }

  return {
    /**
     * Events come in the log's order, and each stream's are replayed in the stream's own order: one read ahead of an
     * earlier position of its stream waits for it (a store written while its appends could take their transaction ids
     * out of a contended stream's order).
     */
    observe(stored: StoredEvent) {
      eventsRead += 1;
      if (!LEDGER_STREAM.test(stored.streamId)) return;
      const waiting = parked.get(stored.streamId);
      // A second event at a parked position is replayed at once, so that its stream's chain reports it.
      if (stored.streamPosition > chainOf(stored.streamId) + 1 && !waiting?.has(stored.streamPosition)) {
        parked.set(stored.streamId, (waiting ?? new Map<number, StoredEvent>()).set(stored.streamPosition, stored));
        return;
      }
      replay(stored);
      replayParked(stored.streamId);
    },

    finish(): AuditReport {
      // What still waits follows a gap: replayed in its stream's order, its first event reports the gap.
      for (const [streamId, waiting] of [...parked].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        for (const stored of [...waiting.values()].sort((a, b) => a.streamPosition - b.streamPosition)) replay(stored);
        parked.delete(streamId);
      }
      let debits = 0;
      let credits = 0;
      let pendingDebits = 0;
      let pendingCredits = 0;
      for (const [key, { debits: d, credits: c }] of legs) {
        if (key.endsWith(':reserve')) {
          pendingDebits += sumOf(d);
          pendingCredits += sumOf(c);
        } else if (!key.endsWith(':release')) {
          debits += sumOf(d);
          credits += sumOf(c);
        }
        const record = key.startsWith('t:') ? transfers.get(key.slice(2)) : holds.get(key.slice(2, key.lastIndexOf(':')));
        if (!record) violation(`${movementLabel(key)}: legs without a ${key.startsWith('t:') ? 'TransferPosted' : 'HoldPlaced'} record`);
        if (d.length !== 1 || c.length !== 1) {
          violation(`${movementLabel(key)}: ${d.length} debit and ${c.length} credit legs (exactly one each expected)`);
          continue;
        }
        const [debit] = d as [{ accountId: string; amount: number }];
        const [credit] = c as [{ accountId: string; amount: number }];
        if (debit.amount !== credit.amount) violation(`${movementLabel(key)}: debit ${debit.amount} ≠ credit ${credit.amount}`);
        if (debit.accountId === credit.accountId) violation(`${movementLabel(key)}: debits and credits the same account`);
        if (
          record &&
          (record.amount !== debit.amount || record.debitAccountId !== debit.accountId || record.creditAccountId !== credit.accountId)
        ) {
          violation(`${movementLabel(key)}: legs do not match the ${key.startsWith('t:') ? 'TransferPosted' : 'HoldPlaced'} record`);
        }
      }
      for (const [id] of transfers) if (!legs.has(`t:${id}`)) violation(`transfer ${id}: recorded without legs`);
      const holdCounts = { placed: holds.size, posted: 0, voided: 0, expired: 0, pending: 0 };
      for (const [id, hold] of holds) {
        const resolution = hold.resolutions[0];
        if (!legs.has(`h:${id}:reserve`)) violation(`hold ${id}: placed without reserving legs`);
        if (resolution === 'HoldPosted') holdCounts.posted += 1;
        else if (resolution === 'HoldVoided') holdCounts.voided += 1;
        else if (resolution === 'HoldExpired') holdCounts.expired += 1;
        else holdCounts.pending += 1;
        const phase = resolution === 'HoldPosted' ? 'post' : resolution ? 'release' : null;
        if (phase && !legs.has(`h:${id}:${phase}`)) violation(`hold ${id}: ${resolution} without its legs`);
        for (const other of ['post', 'release']) {
          if (other !== phase && legs.has(`h:${id}:${other}`))
            violation(`hold ${id}: has ${other} legs but was ${resolution ?? 'never resolved'}`);
        }
      }
      if (debits !== credits) violation(`Σ debits ${debits} ≠ Σ credits ${credits}`);
      if (pendingDebits !== pendingCredits) violation(`Σ pending debits ${pendingDebits} ≠ Σ pending credits ${pendingCredits}`);
      let completed = 0;
      for (const p of purchases.values()) completed += Math.min(1, p.completed);

      const readModel = options.readModel;
      if (readModel) {
        const rows = new Map(readModel.accounts.map((a) => [a.accountId, a]));
        for (const id of new Set([...rows.keys(), ...atCompare.keys()])) {
          const row = rows.get(id) ?? { balance: 0, held: 0, pendingCredit: 0 };
          const replay = atCompare.get(id) ?? { balance: 0, held: 0, pendingCredit: 0 };
          if (row.balance !== replay.balance || row.held !== replay.held || row.pendingCredit !== replay.pendingCredit) {
            violation(
              `read model ${id}: balance ${row.balance}, held ${row.held}, pending ${row.pendingCredit}; ` +
                `replay gives ${replay.balance}, ${replay.held}, ${replay.pendingCredit}`,
            );
          }
        }
      }

      const accountReports = [...accounts]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([accountId, t]) => ({
          accountId,
          balance: t.state.balance,
          held: t.state.held,
          pendingCredit: t.state.pendingCredit,
          debits: t.debits,
          credits: t.credits,
          movements: t.movements,
          lines: t.lines,
        }));
      return {
        ok: violations.length === 0,
        violations: [...violations],
        warnings: [...warnings],
        eventsRead,
        ledgerEvents,
        streams: chains.size,
        accounts: accountReports,
        totals: {
          debits,
          credits,
          pendingDebits,
          pendingCredits,
          transfers: transfers.size,
          holds: holdCounts,
          purchases: { started: purchases.size, completed },
        },
      };
    },
  };
}

export function audit(events: Iterable<StoredEvent>, options: AuditOptions = {}): AuditReport {
  const auditor = createAuditor(options);
  for (const event of events) auditor.observe(event);
  return auditor.finish();
}
