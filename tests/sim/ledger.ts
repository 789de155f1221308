/**
 * A seeded simulation of the ledger alone: random transfers, holds and their posts, voids and expiries, daily
 * bonuses and purchases between a few wallets, the escrows of a few matches, the house and the system accounts;
 * with the faults of a network and a deployment: a request lost before it arrives or a reply lost after it was
 * applied (and the retry), a command delivered twice (later, or at once to two ledger processes on the same store),
 * two different commands racing for the same wallet in two processes, ids reused for another movement, and restarts
 * (the ledger reopened on the same store and database).
 *
 * A model of every account follows the answers. As it goes: each delivery of a command answers as the first did,
 * a new movement is accepted exactly when the model can afford it, and its answer's balances are the model's. At the
 * end, every hold expired if nothing else resolved it: every hold was resolved exactly once, every account (in the
 * events and in the read model) holds what the model says, nothing is held, tokens are conserved (Σ of every
 * account is 0: what the wallets, escrows and house hold is what issuance and purchases gave out), and the ledger
 * audit is clean.
 */
import { holdStreamId, uuidFrom, walletAccountId, type CommandEnvelope, type CommandOutcome } from '@qal/events';
import { invariant, matches, same, simRandom } from '@qal/game-engine/simulation';
import {
  addisDate,
  createLedger,
  createSandboxPaymentProvider,
  DAILY_BONUS_TOKENS,
  sandboxReference,
  TOKEN_PACKAGES,
  type Ledger,
} from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';
import type { SeedStorage } from './storage.ts';

const STARTED_AT = '2026-03-03T06:00:00.000Z';
/** Players: a few, so wallets run dry and holds compete; more for longer runs. */
const MIN_USERS = 3;
const MAX_USERS = 8;
const OPERATIONS_PER_EXTRA_USER = 50;
const MATCHES = 4;
/** Per command: a lost request or a lost reply, a duplicate delivered at once to both processes, one delivered later. */
const FAULT_CHANCE = 0.1;
const DUPLICATE_AT_ONCE_CHANCE = 0.08;
const DUPLICATE_LATER_CHANCE = 0.08;
/** Per operation: the ledger processes restart first. */
const RESTART_CHANCE = 0.02;
/** A hold expires this long after it is placed, at most. */
const MAX_HOLD_MS = 30 * 60_000;
/** Commands whose every delivery answers exactly as the first (the sweeper's ExpireHolds and OpenWallet answer the present). */
const REPLAYED_ANSWERS: ReadonlySet<string> = new Set([
  'Transfer',
  'PlaceHold',
  'PostHold',
  'VoidHold',
  'ClaimDailyBonus',
  'ConfirmPurchase',
]);

type Resolution = 'posted' | 'voided' | 'expired';

interface Hold {
  readonly holdId: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly expiresAt: number;
  status: 'pending' | Resolution;
}

/** What the run went through, so a test can tell that it reached the interesting paths. */
export interface LedgerSummary {
  readonly operations: number;
  readonly commands: number;
  readonly accepted: number;
  readonly rejected: Readonly<Record<string, number>>;
  readonly holds: Readonly<Record<Resolution, number>>;
  readonly faults: number;
  readonly duplicates: number;
  readonly races: number;
  readonly restarts: number;
}

/** `operations` random operations of seed `seed` on `storage` (empty), with ledger processes of their own. */
export async function simulateLedger(seed: number, operations: number, storage: SeedStorage): Promise<LedgerSummary> {
  const { store, db } = storage;
  const random = simRandom(seed);
  const at = (what: string) => `ledger seed ${seed}: ${what}`;
  let now = Date.parse(STARTED_AT);
  let commandCount = 0;
  let idCount = 0;
  const counts = { commands: 0, accepted: 0, faults: 0, duplicates: 0, races: 0, restarts: 0 };
  const rejectedBy: Record<string, number> = {};

  const open = async () => {
    const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
    await ledger.start();
    return ledger;
  };
  /** The main process (with the read model), and a second one on the same store without a projection of its own. */
  let main: Ledger = await open();
  let second: Ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  const either = () => (random.chance(0.3) ? second : main);

  // The model: posted balances of every account, tokens held on the debit side, the holds, the movements.
  const balances = new Map<string, number>();
  const held = new Map<string, number>();
  const holds = new Map<string, Hold>();
  const movements = new Map<string, { command: CommandEnvelope; payload: Record<string, unknown> }>();
  const applied = new Set<string>();
  const balanceOf = (account: string) => balances.get(account) ?? 0;
  const heldOf = (account: string) => held.get(account) ?? 0;
  const availableOf = (account: string) => balanceOf(account) - heldOf(account);
  const move = (from: string, to: string, amount: number) => {
    balances.set(from, balanceOf(from) - amount);
    balances.set(to, balanceOf(to) + amount);
  };
  /** Accepted commands to deliver again later: each must answer as the first time. */
  const echoes: { command: CommandEnvelope; outcome: CommandOutcome }[] = [];

  const users = Array.from(
    { length: Math.min(MAX_USERS, MIN_USERS + Math.floor(operations / OPERATIONS_PER_EXTRA_USER)) },
    (_, i) => `sim-${seed}-${i}`,
  );
  const wallets = users.map((u) => walletAccountId(u) as string);
  const escrows = Array.from({ length: MATCHES }, (_, i) => `escrow:sim-${seed}-m${i}`);
  const nextId = (kind: string) => `${kind}-${seed}-${idCount++}`;
  const envelope = (type: string, payload: Record<string, unknown>, actorId = 'system:sim'): CommandEnvelope => {
    const commandId = uuidFrom('ledger-sim', String(seed), String(commandCount++));
    return { commandId, type, actorId, payload, issuedAt: new Date(now).toISOString(), correlationId: commandId };
  };

  const sameAnswer = (again: CommandOutcome, first: CommandOutcome, command: CommandEnvelope, how: string) => {
    if (REPLAYED_ANSWERS.has(command.type)) same(again, first, at(`${command.type} ${command.commandId} ${how}`));
    else same(again.status, first.status, at(`${command.type} ${command.commandId} ${how}`));
  };

  /**
   * Delivers a command as a flaky network would: maybe lost on the way (nothing happens) or its answer lost (it
   * happened), then the retry; maybe delivered to both processes at once; maybe again later.
   */
  async function deliver(command: CommandEnvelope): Promise<CommandOutcome> {
    counts.commands += 1;
    let lostAnswer: CommandOutcome | null = null;
    if (random.chance(FAULT_CHANCE)) {
      counts.faults += 1;
      if (random.chance(0.5)) lostAnswer = await either().handle(command);
    }
    let outcome: CommandOutcome;
    if (random.chance(DUPLICATE_AT_ONCE_CHANCE)) {
      counts.duplicates += 1;
      const [a, b] = await Promise.all([main.handle(command), second.handle(command)]);
      sameAnswer(b, a, command, 'delivered to two processes at once');
      outcome = a;
    } else outcome = await either().handle(command);
    if (lostAnswer) sameAnswer(outcome, lostAnswer, command, 'retried after its answer was lost');
    // A rejection is not recorded (the same command may succeed later, once the wallet can afford it): only an
    // accepted command is bound to answer the same whenever it comes again.
    if (outcome.status === 'succeeded' && random.chance(DUPLICATE_LATER_CHANCE)) echoes.push({ command, outcome });
    if (outcome.status === 'succeeded') counts.accepted += 1;
    else rejectedBy[outcome.reason] = (rejectedBy[outcome.reason] ?? 0) + 1;
    return outcome;
  }

  const reasonOf = (outcome: CommandOutcome) => (outcome.status === 'rejected' ? outcome.reason : 'succeeded');

  /** A fresh movement's answer shows the balances after it: the model's. */
  function checkWallets(outcome: CommandOutcome, what: string) {
    if (outcome.status !== 'succeeded') return;
    for (const [account, wallet] of Object.entries((outcome.data.wallets ?? {}) as Record<string, unknown>))
      matches(
        wallet,
        { balance: balanceOf(account), held: heldOf(account), available: availableOf(account) },
        at(`${what}: the answer's balances of ${account}`),
      );
  }

  /** The model's step for a movement's first success. */
  function applyTransfer(id: string, from: string, to: string, amount: number) {
    if (applied.has(`t:${id}`)) return false;
    applied.add(`t:${id}`);
    move(from, to, amount);
    return true;
  }
  function applyHold(hold: Hold) {
    if (applied.has(`h:${hold.holdId}`)) return false;
    applied.add(`h:${hold.holdId}`);
    holds.set(hold.holdId, hold);
    held.set(hold.from, heldOf(hold.from) + hold.amount);
    return true;
  }
  function applyResolution(hold: Hold, resolution: Resolution) {
    invariant(hold.status === 'pending', at(`hold ${hold.holdId} ${resolution} after it was ${hold.status} (resolved twice)`));
    hold.status = resolution;
    held.set(hold.from, heldOf(hold.from) - hold.amount);
    if (resolution === 'posted') move(hold.from, hold.to, hold.amount);
  }

  /** Tokens now from one account to another: accepted exactly when the model says the debit side can afford it. */
  async function transfer(from: string, to: string, amount: number, reason: string) {
    const transferId = nextId('t');
    const payload = { transferId, from, to, amount, reason };
    const guarded = from.startsWith('wallet:') || from.startsWith('escrow:');
    const affordable = !guarded || availableOf(from) >= amount;
    const command = envelope('Transfer', payload);
    const outcome = await deliver(command);
    const what = `transfer ${transferId} of ${amount} from ${from} (available ${availableOf(from)})`;
    if (!Number.isInteger(amount) || amount <= 0) same(reasonOf(outcome), 'invalid_amount', at(what));
    else same(reasonOf(outcome), affordable ? 'succeeded' : 'insufficient_tokens', at(what));
    if (outcome.status === 'succeeded') movements.set(transferId, { command, payload });
    if (outcome.status === 'succeeded' && applyTransfer(transferId, from, to, amount)) checkWallets(outcome, what);
  }

  async function placeHold(from: string, to: string, amount: number) {
    const holdId = nextId('h');
    const expiresAt = now + random.int(60_000, MAX_HOLD_MS);
    const payload = { holdId, from, to, amount, reason: 'entry_fee', expiresAt: new Date(expiresAt).toISOString() };
    const affordable = availableOf(from) >= amount;
    const command = envelope('PlaceHold', payload);
    const outcome = await deliver(command);
    const what = `hold ${holdId} of ${amount} from ${from} (available ${availableOf(from)})`;
    same(reasonOf(outcome), affordable ? 'succeeded' : 'insufficient_tokens', at(what));
    if (outcome.status === 'succeeded') movements.set(holdId, { command, payload });
    if (outcome.status === 'succeeded' && applyHold({ holdId, from, to, amount, expiresAt, status: 'pending' }))
      checkWallets(outcome, what);
  }

  async function resolve(type: 'PostHold' | 'VoidHold', holdId: string) {
    const hold = holds.get(holdId);
    const command = envelope(type, { holdId });
    const outcome = await deliver(command);
    const what = `${type} of ${hold ? `${hold.status} ` : 'unknown '}hold ${holdId}`;
    same(reasonOf(outcome), !hold ? 'hold_not_found' : hold.status === 'pending' ? 'succeeded' : 'hold_already_resolved', at(what));
    if (hold && outcome.status === 'succeeded') {
      applyResolution(hold, type === 'PostHold' ? 'posted' : 'voided');
      checkWallets(outcome, what);
    }
  }

  /** The sweeper: exactly the pending holds past their time expire. */
  async function expireHolds() {
    await main.waitForProjection(await store.head());
    const due = [...holds.values()].filter((h) => h.status === 'pending' && h.expiresAt <= now).map((h) => h.holdId);
    const outcome = await main.handle(envelope('ExpireHolds', {}));
    invariant(outcome.status === 'succeeded', at('ExpireHolds refused'));
    const expired = outcome.data.expired as string[];
    same([...expired].sort(), [...due].sort(), at(`holds expired at ${new Date(now).toISOString()}`));
    for (const holdId of expired) applyResolution(holds.get(holdId)!, 'expired');
    return expired.length;
  }

  /** Two new holds from one wallet at once, in the two processes: together they may not take more than it has. */
  async function race(from: string) {
    counts.races += 1;
    const before = availableOf(from);
    const specs = [0, 1].map(() => ({
      holdId: nextId('h'),
      amount: random.int(1, Math.max(1, before)),
      expiresAt: now + random.int(60_000, MAX_HOLD_MS),
      to: random.pick(escrows),
    }));
    const commands = specs.map((s) =>
      envelope('PlaceHold', {
        holdId: s.holdId,
        from,
        to: s.to,
        amount: s.amount,
        reason: 'bet_stake',
        expiresAt: new Date(s.expiresAt).toISOString(),
      }),
    );
    const outcomes = await Promise.all([main.handle(commands[0]!), second.handle(commands[1]!)]);
    const taken = specs.filter((_, i) => outcomes[i]!.status === 'succeeded').reduce((a, s) => a + s.amount, 0);
    const what = `racing holds of ${specs.map((s) => s.amount).join(' and ')} from ${from} (available ${before})`;
    invariant(taken <= before, at(`${what}: both taken`));
    if (specs[0]!.amount + specs[1]!.amount <= before)
      invariant(
        outcomes.every((o) => o.status === 'succeeded'),
        at(`${what}: both fit, not both taken`),
      );
    if (specs.some((s) => s.amount <= before)) invariant(taken > 0, at(`${what}: one fits, none taken`));
    for (const [i, outcome] of outcomes.entries()) {
      const s = specs[i]!;
      if (outcome.status === 'succeeded')
        applyHold({ holdId: s.holdId, from, to: s.to, amount: s.amount, expiresAt: s.expiresAt, status: 'pending' });
      else same(reasonOf(outcome), 'insufficient_tokens', at(what));
    }
  }

  async function restart() {
    counts.restarts += 1;
    await main.stop();
    main = await open();
    second = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  }

  async function operation() {
    if (random.chance(RESTART_CHANCE)) await restart();
    now += random.chance(0.05) ? random.int(1, 8) * 3_600_000 : random.int(1_000, 120_000);
    const wallet = random.pick(wallets);
    const escrow = random.pick(escrows);
    const roll = random.int(0, 99);
    if (roll < 14) await transfer(wallet, 'house', random.int(1, 40), 'game_fee');
    else if (roll < 20) await transfer('issuance', wallet, random.int(1, 10), 'reward');
    else if (roll < 23) await transfer('house', wallet, random.int(1, 10), 'refund');
    else if (roll < 38) await placeHold(wallet, escrow, random.int(1, 60));
    else if (roll < 41) await placeHold(wallet, 'house', random.int(1, 20));
    else if (roll < 60) {
      // Mostly a pending hold; sometimes one already resolved, or one that does not exist.
      const pending = [...holds.values()].filter((h) => h.status === 'pending');
      const holdId =
        pending.length > 0 && random.chance(0.8)
          ? random.pick(pending).holdId
          : holds.size > 0 && random.chance(0.8)
            ? random.pick([...holds.keys()])
            : nextId('h');
      await resolve(roll < 52 ? 'PostHold' : 'VoidHold', holdId);
    } else if (roll < 66) await transfer(escrow, wallet, random.int(1, Math.max(1, availableOf(escrow) + 5)), 'payout');
    else if (roll < 70) await transfer(escrow, 'house', random.int(1, Math.max(1, availableOf(escrow))), 'rake');
    else if (roll < 72) await transfer(wallet, escrow, random.pick([0, -5, 2.5]), 'penalty');
    else if (roll < 77) await expireHolds();
    else if (roll < 82) {
      const user = random.pick(users);
      const key = `b:${user}:${addisDate(new Date(now))}`;
      const outcome = await deliver(envelope('ClaimDailyBonus', { userId: user }, user));
      same(reasonOf(outcome), applied.has(key) ? 'daily_bonus_already_claimed' : 'succeeded', at(`the daily bonus of ${user}`));
      if (outcome.status === 'succeeded' && !applied.has(key)) {
        applied.add(key);
        move('issuance', walletAccountId(user), DAILY_BONUS_TOKENS);
        matches(outcome.data, { balance: balanceOf(walletAccountId(user)) }, at(`the daily bonus of ${user}: the answer's balance`));
      }
    } else if (roll < 85) {
      const user = random.pick(users);
      const pack = random.pick(TOKEN_PACKAGES);
      const purchaseId = nextId('p');
      same(
        reasonOf(await deliver(envelope('StartPurchase', { userId: user, purchaseId, packageId: pack.id }, user))),
        'succeeded',
        at(`purchase ${purchaseId}`),
      );
      for (let confirm = 0; confirm < (random.chance(0.3) ? 2 : 1); confirm += 1) {
        const outcome = await deliver(envelope('ConfirmPurchase', { purchaseId, providerReference: sandboxReference(purchaseId) }));
        invariant(outcome.status === 'succeeded', at(`confirming purchase ${purchaseId}`));
        same(outcome.data.alreadyCredited, applied.has(`p:${purchaseId}`), at(`purchase ${purchaseId} credited before`));
        if (!applied.has(`p:${purchaseId}`)) {
          applied.add(`p:${purchaseId}`);
          move('purchases', walletAccountId(user), pack.tokens);
        }
      }
    } else if (roll < 89 && movements.size > 0) {
      // The id of an accepted movement used again for another amount: refused, whatever the wallet has.
      const [id, earlier] = random.pick([...movements.entries()]);
      const payload = { ...earlier.payload, amount: Number(earlier.payload.amount) + 1 };
      same(reasonOf(await deliver(envelope(earlier.command.type, payload))), 'transfer_id_conflict', at(`${id} reused for another amount`));
    } else if (roll < 94 && echoes.length > 0) {
      // A delivery long after the first, maybe after a restart: the same answer.
      const { command, outcome } = echoes.splice(random.int(0, echoes.length - 1), 1)[0]!;
      counts.duplicates += 1;
      sameAnswer(await either().handle(command), outcome, command, 'delivered again later');
    } else if (roll < 97) await race(wallet);
    else await transfer(random.pick(wallets.filter((w) => w !== wallet)), wallet, random.int(1, 30), 'correction');
  }

  try {
    for (const user of users) {
      const outcome = await deliver(envelope('OpenWallet', { userId: user }));
      invariant(outcome.status === 'succeeded', at(`opening ${user}`));
      if (!applied.has(`w:${user}`)) {
        applied.add(`w:${user}`);
        move('issuance', walletAccountId(user), Number(outcome.data.balance));
      }
    }
    for (let i = 0; i < operations; i += 1) await operation();
    for (const { command, outcome } of echoes.splice(0))
      sameAnswer(await either().handle(command), outcome, command, 'delivered again at the end');

    // A day later the sweeper has expired whatever nothing else resolved.
    now += 24 * 3_600_000;
    while ((await expireHolds()) > 0);
    await main.waitForProjection(await store.head());

    for (const hold of holds.values()) {
      invariant(hold.status !== 'pending', at(`hold ${hold.holdId} never resolved`));
      const resolutions = (await store.readStream(holdStreamId(hold.holdId))).filter((e) =>
        ['HoldPosted', 'HoldVoided', 'HoldExpired'].includes(e.type),
      );
      same(
        resolutions.map((e) => e.type),
        [`Hold${hold.status[0]!.toUpperCase()}${hold.status.slice(1)}`],
        at(`the resolutions of hold ${hold.holdId}`),
      );
    }

    const report = await auditSource({ description: 'ledger simulation', db, store, close: async () => undefined }, { statements: false });
    same(report.violations, [], at('ledger audit violations'));
    invariant(report.ok, at('the ledger audit failed'));
    same(report.totals.holds.pending, 0, at('holds pending at the end'));
    same(report.totals.holds.placed, holds.size, at('holds placed'));
    const audited = new Map(report.accounts.map((a) => [a.accountId, a]));
    for (const account of new Set([...balances.keys(), ...audited.keys()])) {
      const a = audited.get(account);
      matches(
        { balance: a?.balance ?? 0, held: a?.held ?? 0, pendingCredit: a?.pendingCredit ?? 0 },
        { balance: balanceOf(account), held: 0, pendingCredit: 0 },
        at(`account ${account}`),
      );
    }
    same(
      [...balances.values()].reduce((a, b) => a + b, 0),
      0,
      at('Σ of every account (conservation)'),
    );
    for (const user of users)
      matches(
        await main.queries.wallet(user as never),
        { balance: balanceOf(walletAccountId(user)), held: 0 },
        at(`the read model's wallet of ${user}`),
      );

    const resolved = (status: Resolution) => [...holds.values()].filter((h) => h.status === status).length;
    return {
      operations,
      ...counts,
      rejected: rejectedBy,
      holds: { posted: resolved('posted'), voided: resolved('voided'), expired: resolved('expired') },
    };
  } finally {
    await main.stop();
  }
}
