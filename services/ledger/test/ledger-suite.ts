import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPurchaseId, asUserId, escrowAccountId, playerStreamId, uuidFrom, walletAccountId, type CommandOutcome } from '@qal/events';
import { DAILY_BONUS_TOKENS, WELCOME_GRANT_TOKENS } from '../src/config.ts';
import { audit } from '../src/audit/audit.ts';
import { sandboxReference } from '../src/payments/sandbox.ts';
import type { Ledger } from '../src/index.ts';
import {
  command,
  count,
  data,
  readAllEvents,
  snapshot,
  startLedger,
  T0,
  uniqueUser,
  type Backend,
  type BackendFactory,
} from './support.ts';

/**
 * The ledger's behaviour, run on every backend. `ledger` runs the projection (like the embedded server);
 * `other` is a second instance over a second store object, as another process would be, so races between
 * instances go through the store's expected versions rather than the in-process lock.
 */
export function ledgerBehaviour(factory: BackendFactory): void {
  let backend: Backend;
  let ledger: Ledger;
  let other: Ledger;

  beforeAll(async () => {
    backend = await factory();
    ledger = await startLedger(backend.store, backend.db);
    other = await startLedger(backend.secondStore, backend.db, false);
  });
  afterAll(async () => {
    await ledger?.stop();
    await other?.stop();
    await backend?.close();
  });

  const open = async (label: string) => {
    const userId = uniqueUser(label);
    data(await ledger.handle(command('OpenWallet', { userId })));
    return userId;
  };
  const both = (i: number) => (i % 2 === 0 ? ledger : other);
  /** `other` runs no projection, so its writes are not waited for: wait for the read model to reach the head. */
  const settle = async () => ledger.waitForProjection(await backend.store.head());
  const reasons = (outcomes: CommandOutcome[]) => outcomes.map((o) => (o.status === 'succeeded' ? 'ok' : o.reason));

  describe('wallets and the welcome grant', () => {
    it('opens a wallet with the welcome grant, visible to queries as soon as the command answers', async () => {
      const userId = uniqueUser('alice');
      const outcome = await ledger.handle(command('OpenWallet', { userId }));

      expect(data(outcome)).toEqual({ balance: WELCOME_GRANT_TOKENS });
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual({ balance: 100, held: 0, available: 100 });
      const { items } = await ledger.queries.transactions(asUserId(userId), { limit: 10 });
      expect(items).toMatchObject([{ amount: 100, reason: 'welcome_grant', status: 'posted', matchId: null, purchaseId: null }]);
    });

    it('grants the welcome tokens once when OpenWallet is sent many times at once, from two instances', async () => {
      const userId = uniqueUser('twice');
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => both(i).handle(command('OpenWallet', { userId }))));

      expect(outcomes.map((o) => data(o).balance)).toEqual(Array(6).fill(100));
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 100 });
      const { items } = await ledger.queries.transactions(asUserId(userId), { limit: 10 });
      expect(items).toHaveLength(1);
    });

    it('shows zeros for a user without a wallet, and refuses to move their tokens', async () => {
      const userId = uniqueUser('nobody');
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual({ balance: 0, held: 0, available: 0 });
      const outcome = await ledger.handle(
        command('Transfer', {
          transferId: uuidFrom('t', userId),
          from: walletAccountId(userId),
          to: 'house',
          amount: 1,
          reason: 'game_fee',
        }),
      );
      expect(outcome).toMatchObject({ status: 'rejected', reason: 'account_not_found' });
    });

    it('opens the wallet of every registered player, also one who registered while the ledger was down', async () => {
      const early = uniqueUser('early');
      const late = uniqueUser('late');
      const register = (userId: string) =>
        backend.store.append([
          {
            streamId: playerStreamId(userId),
            streamType: 'player',
            expectedVersion: 'no_stream',
            events: [
              {
                eventId: uuidFrom('registered', userId),
                type: 'PlayerRegistered',
                data: { userId, name: 'Abebe', language: 'am', registeredAt: T0 },
              },
            ],
          },
        ]);
      await register(early);
      await ledger.stop();
      await register(late); // the ledger is down: nobody has seen this sign-up yet
      await ledger.start();

      await expect.poll(async () => (await ledger.queries.wallet(asUserId(late))).balance, { timeout: 10_000 }).toBe(100);
      await expect.poll(async () => (await ledger.queries.wallet(asUserId(early))).balance, { timeout: 10_000 }).toBe(100);
      // Seen again (a restart replays nothing twice, but an explicit re-run must not grant twice either).
      await ledger.openPendingWallets();
      await ledger.handle(command('OpenWallet', { userId: late }));
      expect(await ledger.queries.wallet(asUserId(late))).toMatchObject({ balance: 100 });
    });
  });

  describe('daily bonus', () => {
    it('credits exactly one of 20 simultaneous claims; the others are told it was claimed', async () => {
      const userId = await open('bonus');
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => both(i).handle(command('ClaimDailyBonus', { userId }))));

      expect(count(reasons(outcomes), (r) => r === 'ok')).toBe(1);
      expect(count(reasons(outcomes), (r) => r === 'daily_bonus_already_claimed')).toBe(19);
      expect(outcomes.find((o) => o.status === 'succeeded')).toMatchObject({
        data: { amount: DAILY_BONUS_TOKENS, balance: 110, available: 110 },
      });
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 110 });
    });

    it('answers a retried claim (same command id) exactly as the first time', async () => {
      const userId = await open('retry');
      const claim = command('ClaimDailyBonus', { userId });
      const first = await ledger.handle(claim);
      const again = await other.handle(claim);
      expect(again).toEqual(first);
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 110 });
    });

    it('allows the next claim at Addis Ababa midnight (21:00 UTC), not before', async () => {
      const userId = await open('midnight');
      const at = (issuedAt: string) => ledger.handle(command('ClaimDailyBonus', { userId }, { issuedAt }));

      expect((await at('2026-03-01T20:59:59.000Z')).status).toBe('succeeded');
      expect(await ledger.queries.canClaimDailyBonus(asUserId(userId), new Date('2026-03-01T20:59:59.999Z'))).toBe(false);
      expect(await at('2026-03-01T20:59:59.999Z')).toMatchObject({ reason: 'daily_bonus_already_claimed' });
      expect(await ledger.queries.canClaimDailyBonus(asUserId(userId), new Date('2026-03-01T21:00:00.000Z'))).toBe(true);
      expect(data(await at('2026-03-01T21:00:00.000Z'))).toMatchObject({ balance: 120 });
      expect(await at('2026-03-02T20:00:00.000Z')).toMatchObject({ reason: 'daily_bonus_already_claimed' });
    });

    it('cannot be claimed without a wallet', async () => {
      const userId = uniqueUser('ghost');
      expect(await ledger.queries.canClaimDailyBonus(asUserId(userId), new Date(T0))).toBe(false);
      expect(await ledger.handle(command('ClaimDailyBonus', { userId }))).toMatchObject({ reason: 'account_not_found' });
    });
  });

  describe('purchases', () => {
    it('rejects an unknown package and a purchase that does not exist', async () => {
      const userId = await open('shopper');
      expect(await ledger.handle(command('StartPurchase', { userId, purchaseId: uniqueUser('p'), packageId: 'tokens_7' }))).toMatchObject({
        reason: 'unknown_package',
      });
      expect(await ledger.handle(command('ConfirmPurchase', { purchaseId: uniqueUser('p'), providerReference: 'x' }))).toMatchObject({
        reason: 'purchase_not_found',
      });
    });

    it('credits a verified purchase once, however many confirmations race', async () => {
      const userId = await open('buyer');
      const purchaseId = uniqueUser('p');
      const started = data(await ledger.handle(command('StartPurchase', { userId, purchaseId, packageId: 'tokens_250' })));
      expect(started).toMatchObject({ purchaseId, status: 'pending' });
      expect(await ledger.queries.purchase(asPurchaseId(purchaseId))).toMatchObject({
        status: 'pending',
        tokens: 250,
        providerReference: null,
      });

      expect(await ledger.handle(command('ConfirmPurchase', { purchaseId, providerReference: 'forged' }))).toMatchObject({
        reason: 'payment_not_verified',
      });
      const reference = sandboxReference(purchaseId);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => both(i).handle(command('ConfirmPurchase', { purchaseId, providerReference: reference }))),
      );

      const results = outcomes.map((o) => data(o));
      expect(count(results, (r) => r.alreadyCredited === false)).toBe(1);
      expect(count(results, (r) => r.alreadyCredited === true)).toBe(9);
      expect(results.every((r) => r.status === 'completed' && r.tokens === 250)).toBe(true);
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 350 });
      expect(await ledger.queries.purchase(asPurchaseId(purchaseId))).toMatchObject({ status: 'completed', providerReference: reference });
      const { items } = await ledger.queries.transactions(asUserId(userId), { limit: 10 });
      expect(items[0]).toMatchObject({ amount: 250, reason: 'purchase', purchaseId });
    });

    it('answers a retried start and a retried confirmation as the first time', async () => {
      const userId = await open('again');
      const purchaseId = uniqueUser('p');
      const start = command('StartPurchase', { userId, purchaseId, packageId: 'tokens_100' });
      const first = await ledger.handle(start);
      expect(await other.handle(start)).toEqual(first);
      const confirm = command('ConfirmPurchase', { purchaseId, providerReference: sandboxReference(purchaseId) });
      const confirmed = await ledger.handle(confirm);
      expect(data(confirmed)).toMatchObject({ alreadyCredited: false });
      expect(await other.handle(confirm)).toEqual(confirmed);
    });
  });

  describe('transfers and holds', () => {
    it('never overdraws: of 20 simultaneous debits of 15 from 100, exactly 6 succeed', async () => {
      const userId = await open('spender');
      const matchId = uniqueUser('m');
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          both(i).handle(
            command('Transfer', {
              transferId: uuidFrom(userId, String(i)),
              from: walletAccountId(userId),
              to: escrowAccountId(matchId),
              amount: 15,
              reason: 'entry_fee',
              matchId,
            }),
          ),
        ),
      );

      expect(count(reasons(outcomes), (r) => r === 'ok')).toBe(6);
      expect(count(reasons(outcomes), (r) => r === 'insufficient_tokens')).toBe(14);
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual({ balance: 10, held: 0, available: 10 });
    });

    it('never over-reserves: of 20 simultaneous holds of 30 from 100, exactly 3 succeed', async () => {
      const userId = await open('holder');
      const matchId = uniqueUser('m');
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          both(i).handle(
            command('PlaceHold', {
              holdId: uuidFrom(userId, 'hold', String(i)),
              from: walletAccountId(userId),
              to: escrowAccountId(matchId),
              amount: 30,
              reason: 'bet_stake',
              matchId,
              expiresAt: '2026-03-01T10:00:00.000Z',
            }),
          ),
        ),
      );
      expect(count(reasons(outcomes), (r) => r === 'ok')).toBe(3);
      expect(count(reasons(outcomes), (r) => r === 'insufficient_tokens')).toBe(17);
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual({ balance: 100, held: 90, available: 10 });
    });

    it('moves a transfer id once: a retry answers as before, a different movement under it is a conflict', async () => {
      const userId = await open('idem');
      const body = { transferId: uuidFrom(userId, 'fee'), from: walletAccountId(userId), to: 'house', amount: 5, reason: 'game_fee' };
      const first = await ledger.handle(command('Transfer', body));
      expect(data(first)).toMatchObject({
        status: 'posted',
        wallets: { [walletAccountId(userId)]: { balance: 95, held: 0, available: 95 } },
      });
      expect(data(await other.handle(command('Transfer', body)))).toEqual(data(first));
      expect(await ledger.handle(command('Transfer', { ...body, amount: 6 }))).toMatchObject({ reason: 'transfer_id_conflict' });
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 95 });
    });

    it('answers a retried transfer as the first time even when the wallet could no longer afford it', async () => {
      const userId = await open('allin');
      const body = { transferId: uuidFrom(userId, 'all-in'), from: walletAccountId(userId), to: 'house', amount: 100, reason: 'bet_stake' };
      const first = await ledger.handle(command('Transfer', body));
      expect(data(first).wallets).toEqual({ [walletAccountId(userId)]: { balance: 0, held: 0, available: 0 } });
      expect(await other.handle(command('Transfer', body))).toMatchObject({ status: 'succeeded', data: data(first) });
      expect(await ledger.handle(command('Transfer', { ...body, to: escrowAccountId('elsewhere') }))).toMatchObject({
        reason: 'transfer_id_conflict',
      });
      const hold = {
        holdId: uuidFrom(userId, 'hold'),
        from: walletAccountId(userId),
        to: 'house',
        amount: 1,
        reason: 'game_fee',
        expiresAt: T0,
      };
      expect(await ledger.handle(command('PlaceHold', hold))).toMatchObject({ reason: 'insufficient_tokens' });
    });

    it('decides on a wallet as this instance left it, yet answers right after another instance moved it', async () => {
      const userId = await open('moved');
      const wallet = walletAccountId(userId);
      const move = (by: Ledger, from: string, to: string, amount: number, tag: string) =>
        by.handle(command('Transfer', { transferId: uuidFrom(userId, tag), from, to, amount, reason: 'game_fee' }));
      expect(await move(ledger, wallet, 'house', 10, 'a')).toMatchObject({ status: 'succeeded' });
      // The other instance spends 80 of the 90 this one last saw: 20 more must be refused.
      expect(await move(other, wallet, 'house', 80, 'b')).toMatchObject({ status: 'succeeded' });
      expect(await move(ledger, wallet, 'house', 20, 'c')).toMatchObject({ reason: 'insufficient_tokens', details: { available: 10 } });
      // The other instance pays 50 in, unseen here: 40 of the 60 must be allowed.
      expect(await move(other, 'house', wallet, 50, 'd')).toMatchObject({ status: 'succeeded' });
      const allowed = await move(ledger, wallet, 'house', 40, 'e');
      expect(data(allowed).wallets).toEqual({ [wallet]: { balance: 20, held: 0, available: 20 } });
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toMatchObject({ balance: 20 });
    });

    it('names bad requests: invalid amounts, unknown commands, malformed payloads', async () => {
      const userId = await open('bad');
      const base = { transferId: uuidFrom(userId, 'x'), from: walletAccountId(userId), to: 'house', reason: 'game_fee' };
      for (const amount of [0, -3, 2.5]) {
        expect(await ledger.handle(command('Transfer', { ...base, amount }))).toMatchObject({ reason: 'invalid_amount' });
      }
      expect(await ledger.handle(command('MintTokens', {}))).toMatchObject({ reason: 'invalid_command' });
      expect(await ledger.handle(command('Transfer', { ...base, amount: 1, reason: 'daily_bonus' }))).toMatchObject({
        reason: 'invalid_command',
      });
      expect(await ledger.handle(command('Transfer', { ...base, to: base.from, amount: 1 }))).toMatchObject({ reason: 'invalid_command' });
      expect(await ledger.handle(command('PostHold', { holdId: uniqueUser('h') }))).toMatchObject({ reason: 'hold_not_found' });
    });

    it('posts a hold once: entry fee into escrow, then the payout out of it, never more than the escrow holds', async () => {
      const alice = await open('alice');
      const bob = await open('bob');
      const matchId = uniqueUser('m');
      const escrow = escrowAccountId(matchId);
      const hold = (userId: string) => ({
        holdId: uuidFrom(matchId, userId, 'entry'),
        from: walletAccountId(userId),
        to: escrow,
        amount: 40,
        reason: 'entry_fee',
        matchId,
        expiresAt: '2026-03-01T10:00:00.000Z',
      });
      for (const userId of [alice, bob]) data(await ledger.handle(command('PlaceHold', hold(userId))));
      expect(await ledger.queries.wallet(asUserId(alice))).toEqual({ balance: 100, held: 40, available: 60 });

      const post = command('PostHold', { holdId: hold(alice).holdId });
      const posted = await ledger.handle(post);
      expect(data(posted)).toMatchObject({
        status: 'posted',
        wallets: { [walletAccountId(alice)]: { balance: 60, held: 0, available: 60 } },
      });
      expect(await other.handle(post)).toEqual(posted);
      expect(await ledger.handle(command('PostHold', { holdId: hold(alice).holdId }))).toMatchObject({
        reason: 'hold_already_resolved',
        details: { status: 'posted' },
      });
      expect(await ledger.handle(command('VoidHold', { holdId: hold(alice).holdId }))).toMatchObject({ reason: 'hold_already_resolved' });
      data(await ledger.handle(command('PostHold', { holdId: hold(bob).holdId })));

      const payout = (amount: number, label: string) =>
        ledger.handle(
          command('Transfer', {
            transferId: uuidFrom(matchId, label),
            from: escrow,
            to: walletAccountId(bob),
            amount,
            reason: 'payout',
            matchId,
          }),
        );
      expect(await payout(81, 'too-much')).toMatchObject({ reason: 'insufficient_tokens', details: { accountId: escrow, available: 80 } });
      expect(data(await payout(72, 'win'))).toMatchObject({ wallets: { [walletAccountId(bob)]: { balance: 132 } } });
      data(
        await ledger.handle(
          command('Transfer', { transferId: uuidFrom(matchId, 'rake'), from: escrow, to: 'house', amount: 8, reason: 'rake', matchId }),
        ),
      );

      const { items } = await ledger.queries.transactions(asUserId(bob), { limit: 10 });
      expect(items.map((i) => [i.amount, i.reason, i.status, i.matchId])).toEqual([
        [72, 'payout', 'posted', matchId],
        [-40, 'entry_fee', 'posted', matchId],
        [100, 'welcome_grant', 'posted', null],
      ]);
    });

    it('resolves a hold once when a post and a void race', async () => {
      const userId = await open('race');
      const matchId = uniqueUser('m');
      const holdId = uuidFrom(matchId, 'stake');
      data(
        await ledger.handle(
          command('PlaceHold', {
            holdId,
            from: walletAccountId(userId),
            to: escrowAccountId(matchId),
            amount: 25,
            reason: 'bet_stake',
            matchId,
            expiresAt: '2026-03-01T10:00:00.000Z',
          }),
        ),
      );
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => both(i).handle(command(i % 4 < 2 ? 'PostHold' : 'VoidHold', { holdId }))),
      );
      expect(count(reasons(outcomes), (r) => r === 'ok')).toBe(1);
      expect(count(reasons(outcomes), (r) => r === 'hold_already_resolved')).toBe(9);
      const winner = outcomes.find((o) => o.status === 'succeeded');
      const expected =
        data(winner!).status === 'posted' ? { balance: 75, held: 0, available: 75 } : { balance: 100, held: 0, available: 100 };
      await settle();
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual(expected);
    });

    it('expires holds whose time has passed (by the command time), giving the tokens back', async () => {
      const userId = await open('late');
      const matchId = uniqueUser('m');
      const holdId = uuidFrom(matchId, 'fee');
      data(
        await ledger.handle(
          command('PlaceHold', {
            holdId,
            from: walletAccountId(userId),
            to: escrowAccountId(matchId),
            amount: 30,
            reason: 'entry_fee',
            matchId,
            expiresAt: '2026-03-01T09:30:00.000Z',
          }),
        ),
      );
      const early = await ledger.handle(command('ExpireHolds', {}, { issuedAt: '2026-03-01T09:29:59.000Z' }));
      expect(data(early).expired).not.toContain(holdId);

      const expiry = command('ExpireHolds', {}, { issuedAt: '2026-03-01T09:30:00.000Z' });
      expect(data(await ledger.handle(expiry)).expired).toContain(holdId);
      expect(await ledger.queries.wallet(asUserId(userId))).toEqual({ balance: 100, held: 0, available: 100 });
      expect(await ledger.handle(command('PostHold', { holdId }))).toMatchObject({
        reason: 'hold_already_resolved',
        details: { status: 'expired' },
      });
      expect(data(await ledger.handle(command('ExpireHolds', {}, { issuedAt: '2026-03-01T11:00:00.000Z' }))).expired).not.toContain(holdId);
      const { items } = await ledger.queries.transactions(asUserId(userId), { limit: 10 });
      expect(items[0]).toMatchObject({ id: holdId, amount: -30, status: 'expired' });
    });
  });

  describe('queries', () => {
    it('pages wallet transactions newest first with a cursor', async () => {
      const userId = await open('pager');
      for (let day = 1; day <= 5; day += 1) {
        data(await ledger.handle(command('ClaimDailyBonus', { userId }, { issuedAt: `2026-04-0${day}T08:00:00.000Z` })));
      }
      const first = await ledger.queries.transactions(asUserId(userId), { limit: 4 });
      expect(first.items.map((i) => i.reason)).toEqual(['daily_bonus', 'daily_bonus', 'daily_bonus', 'daily_bonus']);
      expect(first.nextCursor).not.toBeNull();
      const second = await ledger.queries.transactions(asUserId(userId), { limit: 4, cursor: first.nextCursor! });
      expect(second.items.map((i) => i.reason)).toEqual(['daily_bonus', 'welcome_grant']);
      expect(second.nextCursor).toBeNull();
      await expect(ledger.queries.transactions(asUserId(userId), { limit: 4, cursor: 'garbage' })).rejects.toThrow(/cursor/);
    });
  });

  describe('audit', () => {
    it('finds every invariant holding and the read model equal to the replayed balances', async () => {
      await settle();
      const report = audit(await readAllEvents(backend.store), { readModel: await snapshot(backend.db, backend.store) });
      expect(report.violations).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.totals.debits).toBe(report.totals.credits);
      expect(report.totals.holds.placed).toBeGreaterThan(0);
    });
  });
}
