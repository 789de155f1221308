/**
 * Rooms end to end in the engine service with the real ledger: a whole room with a bet and a duel, every money
 * path, retries, races for the last seat, timers by event time, and a restart; on the memory store, PGlite and
 * (when one is reachable) PostgreSQL. After each flow the ledger's audit is clean and the escrow is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid, type CommandOutcome, type EventStore } from '@qal/events';
import { createEngineProjection } from '../src/service/projection/index.ts';
import { ROOM_BET_EXPIRY_MS, ROOM_IDLE_CLOSE_MS, ROOM_MONEY_RETRY_AFTER_MS, ROOM_RECONNECT_GRACE_MS } from '../src/config.ts';
import { hasPendingMoney } from '../src/rooms/ledger-steps.ts';
import { DUEL_DURATION_SECONDS, DUEL_TURN_SECONDS, type DuelState, type DuelView } from '../src/games/hangman-duel/index.ts';
import type { HistoryPage, RoomView } from '../src/index.ts';
import {
  accountBalance,
  audit,
  dataOf,
  duelState,
  envelope,
  postgresUrl,
  reasonOf,
  roomOf,
  roomState,
  startRooms,
  T0,
  walletOf,
  type Backend,
  type RoomsHarness,
} from './rooms-support.ts';

const TURN_MS = DUEL_TURN_SECONDS.normal * 1000;

const backends: { backend: Backend; skip: boolean }[] = [
  { backend: 'memory', skip: false },
  { backend: 'pglite', skip: false },
  { backend: 'embedded', skip: false },
  { backend: 'postgres', skip: !postgresUrl },
];

for (const { backend, skip } of backends) {
  describe.skipIf(skip)(`rooms on ${backend}`, () => {
    let h: RoomsHarness;
    let users = 0;
    /** Each test's clock: room commands at increasing times from its own start. */
    let now = T0.getTime();
    const tick = (ms = 1_000) => new Date((now += ms)).toISOString();

    beforeAll(async () => {
      h = await startRooms(backend);
    }, 60_000);
    afterAll(async () => {
      await h?.close();
    });

    const send = (type: string, userId: string, payload: Record<string, unknown>, issuedAt = tick(), commandId?: string) =>
      h.engine.handle(envelope(type, userId, { userId, ...payload }, issuedAt, commandId));

    async function player(): Promise<string> {
      const userId = `${backend}-user-${++users}`;
      const opened = await h.ledger.handle(envelope('OpenWallet', 'system:test', { userId }, tick(0)));
      expect(opened.status).toBe('succeeded');
      return userId;
    }

    const create = async (host: string, settings: Record<string, unknown> = {}) =>
      roomOf(
        await send('CreateRoom', host, {
          roomName: 'Friday words',
          game: 'hangman',
          language: 'en',
          maxPlayers: 3,
          gameDuration: 'normal',
          entryFee: 10,
          penalty: 5,
          ...settings,
        }),
      );
    const join = (code: string, userId: string, extra: Record<string, unknown> = {}) => send('JoinRoom', userId, { code, ...extra });
    const ready = (code: string, userId: string, isReady = true, commandId?: string) =>
      send('SetReady', userId, { code, ready: isReady }, tick(), commandId);
    const start = (code: string, host: string, issuedAt = tick(), commandId?: string) =>
      send('StartRoomMatch', host, { code }, issuedAt, commandId);
    const move = (matchId: string, userId: string, m: Record<string, unknown>, issuedAt = tick(), commandId?: string) =>
      send('MakeMove', userId, { matchId, move: m }, issuedAt, commandId);

    /** A room of `players` (the first hosts), everyone joined and ready. */
    async function readyRoom(count: number, settings: Record<string, unknown> = {}) {
      const ids = await Promise.all(Array.from({ length: count }, () => player()));
      const room = await create(ids[0]!, { maxPlayers: Math.max(count, 2), ...settings });
      for (const id of ids.slice(1)) expect(reasonOf(await join(room.code, id))).toBe('succeeded');
      for (const id of ids) expect(reasonOf(await ready(room.code, id))).toBe('succeeded');
      return { code: room.code, matchId: room.matchId, ids };
    }

    async function agreeBet(code: string, ids: readonly string[], amount: number) {
      expect(reasonOf(await send('ProposeBet', ids[0]!, { code, amount }))).toBe('succeeded');
      for (const id of ids.slice(1)) expect(reasonOf(await send('RespondBet', id, { code, accept: true }))).toBe('succeeded');
      expect((await roomState(h.store, code)).bet?.status).toBe('agreed');
    }

    /**
     * Plays the duel to its end: each setter sets their word; guessers guess its letters in order, except when
     * `miss(state)` says this round is to be lost (then letters not in the word, until the lives run out).
     */
    async function playDuel(matchId: string, words: Record<string, string>, miss: (state: DuelState) => boolean = () => false) {
      for (let i = 0; i < 300; i += 1) {
        const state = await duelState(h.store, matchId);
        if (state.status === 'finished') return state;
        let outcome: CommandOutcome;
        if (state.phase === 'setting') outcome = await move(matchId, state.setterId!, { type: 'set_word', word: words[state.setterId!] });
        else {
          const word = state.word!;
          const letter = miss(state)
            ? [...'qxjvwkyzfpuitdcshrlebmagno'].find((c) => !word.includes(c) && !state.guessed.includes(c))!
            : [...word].find((c) => !state.guessed.includes(c))!;
          outcome = await move(matchId, state.currentPlayer!, { type: 'guess', letter });
        }
        expect(reasonOf(outcome)).toBe('succeeded');
      }
      throw new Error('the duel did not end');
    }

    /**
     * Sweeps at `time` until `done()` holds. On PostgreSQL the read model the sweeper reads may trail the store a
     * moment (transactions of other test databases on the server hold the snapshot back), so one pass may be early.
     */
    async function sweepUntil(time: Date, done: () => Promise<boolean>) {
      for (let i = 0; i < 200; i += 1) {
        await h.engine.waitForProjection(await h.store.head()).catch(() => undefined);
        await h.engine.sweepRooms(time);
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`the sweep at ${time.toISOString()} never got there`);
    }
    const eventsOf = async (streamId: string, type: string) => (await h.store.readStream(streamId)).filter((e) => e.type === type);

    async function expectMoneySettled(code: string) {
      const state = await roomState(h.store, code);
      const open = state.holds.filter((hold) => hold.placement === 'placed' && hold.resolved === null);
      expect(open).toEqual([]);
      expect(state.transfers.filter((t) => !t.done)).toEqual([]);
      for (const matchId of state.matches) expect(await accountBalance(h.store, `escrow:${matchId}`)).toBe(0);
      const report = await audit(h);
      expect(report.violations).toEqual([]);
      expect(report.ok).toBe(true);
    }

    it('a whole room: create, join by code, invite and accept, ready holds, a bet, the duel, the payout, history and replay', async () => {
      const [host, ann, bob] = [await player(), await player(), await player()];
      const houseBefore = await accountBalance(h.store, 'house');
      const room = await create(host);
      expect(room).toMatchObject({
        status: 'waiting',
        hostId: host,
        maxPlayers: 3,
        entryFee: 10,
        penalty: 5,
        private: false,
        players: [{ id: host, status: 'joined' }],
      });
      expect(room.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect((await h.engine.queries.openRooms({ limit: 50 })).map((r) => r.code)).toContain(room.code);

      expect(reasonOf(await join(room.code, ann))).toBe('succeeded');
      expect(reasonOf(await send('InvitePlayer', host, { code: room.code, inviteeId: bob }))).toBe('succeeded');
      const [invitation] = await h.engine.queries.invitations(bob);
      expect(invitation).toMatchObject({ code: room.code, roomName: 'Friday words', game: 'hangman', fromUserId: host });
      expect((await h.engine.queries.myRooms(bob)).map((r) => r.code)).toEqual([room.code]);
      expect((await h.engine.queries.room(room.code))?.invitedIds).toEqual([bob]);
      const accepted = roomOf(await send('RespondInvitation', bob, { invitationId: invitation!.id, accept: true }));
      expect(accepted.players.map((p) => [p.id, p.status])).toEqual([
        [host, 'joined'],
        [ann, 'joined'],
        [bob, 'joined'],
      ]);
      expect(await h.engine.queries.invitations(bob)).toEqual([]);

      for (const id of [host, ann, bob]) expect(reasonOf(await ready(room.code, id))).toBe('succeeded');
      expect(await walletOf(h.store, ann)).toEqual({ balance: 100, held: 15 });
      await agreeBet(room.code, [ann, host, bob], 20);
      expect(await walletOf(h.store, bob)).toEqual({ balance: 100, held: 35 });
      const snapshot = await h.engine.queries.room(room.code);
      expect(snapshot?.view.bet).toMatchObject({ amount: 20, status: 'agreed', pot: 60, proposedBy: ann });
      // The prize: 3 entry fees of 10 and 3 stakes of 20, less the rake (10 % of the fees).
      expect(snapshot?.view.prize).toBe(87);
      expect(snapshot?.memberIds).toEqual([host, ann, bob]);
      expect(JSON.stringify(snapshot)).not.toMatch(/scrypt|holdId/);

      const started = dataOf(await start(room.code, host));
      expect(started.matchId).toBe(room.matchId);
      expect((started.room as RoomView).status).toBe('in_progress');
      // The entry fees stay in the match's escrow with the stakes: nothing goes to the house at the start.
      expect(await accountBalance(h.store, 'house')).toBe(houseBefore);
      expect(await accountBalance(h.store, `escrow:${room.matchId}`)).toBe(90);
      expect(await walletOf(h.store, host)).toEqual({ balance: 70, held: 5 });
      expect(await h.engine.queries.match(room.matchId)).toMatchObject({
        kind: 'duel',
        playerIds: [host, ann, bob],
        roomCode: room.code,
        status: 'playing',
      });

      // The setter's word reaches nobody else.
      expect(reasonOf(await move(room.matchId, host, { type: 'set_word', word: 'mango' }))).toBe('succeeded');
      const hostView = (await h.engine.queries.matchView(room.matchId, host))?.view as DuelView;
      const annView = (await h.engine.queries.matchView(room.matchId, ann))?.view as DuelView;
      expect(hostView.word).toBe('mango');
      expect(annView.word).toBeUndefined();
      expect(JSON.stringify(annView)).not.toContain('mango');
      expect(reasonOf(await move(room.matchId, bob, { type: 'guess', letter: 'm' }))).toBe('not_your_turn');

      // Bob's round is lost by the guessers, so bob (setter) scores 50 more and wins: ann 100, bob 150.
      const final = await playDuel(room.matchId, { [ann]: 'zebra', [bob]: 'black' }, (s) => s.setterId === bob);
      expect(final.winners).toEqual([bob]);
      const finished = await h.engine.queries.room(room.code);
      expect(finished?.view.status).toBe('finished');
      expect(finished?.view.players.map((p) => p.status)).toEqual(['finished', 'finished', 'finished']);

      // The winner takes the pot (90) less the rake (3, to the house).
      expect(await walletOf(h.store, bob)).toEqual({ balance: 157, held: 0 });
      expect(await walletOf(h.store, ann)).toEqual({ balance: 70, held: 0 });
      expect(await walletOf(h.store, host)).toEqual({ balance: 70, held: 0 });
      expect(await accountBalance(h.store, 'house')).toBe(houseBefore + 3);
      await expectMoneySettled(room.code);
      expect(finished?.view.settlement).toEqual({
        matchId: room.matchId,
        pot: 90,
        rake: 3,
        prize: 87,
        players: [
          { id: host, payout: 0, spent: 30, net: -30 },
          { id: ann, payout: 0, spent: 30, net: -30 },
          { id: bob, payout: 87, spent: 30, net: 57 },
        ],
      });

      const history = await h.engine.queries.history(bob, { limit: 10 });
      expect(history.items).toEqual([
        expect.objectContaining({
          matchId: room.matchId,
          roomCode: room.code,
          roomName: 'Friday words',
          game: 'hangman',
          result: 'won',
          score: final.scores[bob],
          tokens: 57,
        }),
      ]);
      expect((await h.engine.queries.history(ann, { limit: 10 })).items[0]).toMatchObject({ result: 'lost', tokens: -30 });
      expect(history.items[0]?.players.map((p) => p.id)).toEqual([host, ann, bob]);

      const replay = await h.engine.queries.replay(room.matchId);
      if (replay === null || replay === 'match_not_over' || replay.kind !== 'duel') throw new Error('expected a duel replay');
      expect(replay.steps.length).toBeGreaterThan(10);
      expect(replay.final.lastRounds.map((r) => r.word)).toEqual(['mango', 'zebra', 'black']);
    });

    it('un-ready voids the holds; delete voids them all; everyone leaving cancels the room and voids', async () => {
      const { code, ids } = await readyRoom(2);
      const [host, ann] = ids as [string, string];
      expect(reasonOf(await ready(code, ann, false))).toBe('succeeded');
      expect(await walletOf(h.store, ann)).toEqual({ balance: 100, held: 0 });
      expect(reasonOf(await ready(code, ann))).toBe('succeeded');
      expect(reasonOf(await send('DeleteRoom', ann, { code }))).toBe('not_room_host');
      const deleted = roomOf(await send('DeleteRoom', host, { code }));
      expect(deleted.status).toBe('cancelled');
      for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: 100, held: 0 });
      expect(reasonOf(await join(code, await player()))).toBe('room_not_waiting');
      await expectMoneySettled(code);

      const other = await readyRoom(2);
      expect(roomOf(await send('LeaveRoom', other.ids[0]!, { code: other.code }))).toMatchObject({
        hostId: other.ids[1],
        status: 'waiting',
      });
      expect(roomOf(await send('LeaveRoom', other.ids[1]!, { code: other.code })).status).toBe('cancelled');
      for (const id of other.ids) expect(await walletOf(h.store, id)).toEqual({ balance: 100, held: 0 });
      await expectMoneySettled(other.code);
    });

    it("refuses ready with insufficient_tokens and holds nothing; 'not_enough_players' and 'players_not_ready' on start", async () => {
      const [host, ann] = [await player(), await player()];
      const room = await create(host, { entryFee: 100, penalty: 5 });
      expect(await start(room.code, host)).toMatchObject({ reason: 'not_enough_players', details: { needed: 2, have: 1 } });
      await join(room.code, ann);
      expect(reasonOf(await ready(room.code, ann))).toBe('insufficient_tokens');
      expect(await walletOf(h.store, ann)).toEqual({ balance: 100, held: 0 });
      expect((await roomState(h.store, room.code)).players[1]?.status).toBe('joined');
      expect(await start(room.code, host)).toMatchObject({ reason: 'players_not_ready', details: { notReady: [host, ann] } });
      await expectMoneySettled(room.code);
    });

    it('leaving a started match forfeits fee, stake and penalty into the pot; the last one standing wins it', async () => {
      const { code, matchId, ids } = await readyRoom(2);
      const [host, ann] = ids as [string, string];
      await agreeBet(code, ids, 10);
      const houseBefore = await accountBalance(h.store, 'house');
      expect(reasonOf(await start(code, host))).toBe('succeeded');
      expect(reasonOf(await send('LeaveRoom', ann, { code }))).toBe('succeeded');
      const duel = await duelState(h.store, matchId);
      expect(duel).toMatchObject({ status: 'finished', winners: [host] });
      // The pot: 2 fees of 10, 2 stakes of 10 and ann's penalty of 5 (45); the rake 2; the host takes 43.
      expect(await walletOf(h.store, host)).toEqual({ balance: 123, held: 0 });
      expect(await accountBalance(h.store, 'house')).toBe(houseBefore + 2);
      expect(await walletOf(h.store, ann)).toEqual({ balance: 75, held: 0 });
      // the wallet history names each hold for what it is
      const holds = (await h.store.readStream(`account-wallet:${ann}`)).filter((e) => e.type === 'DebitReserved').map((e) => e.data.reason);
      expect(holds.sort()).toEqual(['bet_stake', 'entry_fee', 'penalty']);
      await expectMoneySettled(code);
      const page: HistoryPage = await h.engine.queries.history(ann, { limit: 5 });
      expect(page.items[0]).toMatchObject({ matchId, result: 'left', tokens: -25 });
      expect((await h.engine.queries.history(host, { limit: 5 })).items[0]).toMatchObject({ result: 'won', tokens: 23 });
    });

    it('a tie splits the prize, the odd token to the first finisher', async () => {
      const { code, matchId, ids } = await readyRoom(3, { entryFee: 11, penalty: 0 });
      const [host, ann, bob] = ids as [string, string, string];
      await agreeBet(code, ids, 5);
      await start(code, host);
      expect(reasonOf(await send('LeaveRoom', bob, { code }))).toBe('succeeded');
      const final = await playDuel(matchId, { [host]: 'mango', [ann]: 'zebra' });
      expect(final.scores[host]).toBe(final.scores[ann]);
      expect(final.winners).toEqual([ann, host]);
      // The pot: 3 fees of 11 and 3 stakes of 5 (bob's forfeited) = 48; the rake floor(3.3) = 3; 45 in two: 23 and 22.
      expect(await walletOf(h.store, ann)).toEqual({ balance: 107, held: 0 });
      expect(await walletOf(h.store, host)).toEqual({ balance: 106, held: 0 });
      expect(await walletOf(h.store, bob)).toEqual({ balance: 84, held: 0 });
      expect((await h.engine.queries.history(ann, { limit: 5 })).items[0]).toMatchObject({ result: 'tie', tokens: 7 });
      expect((await h.engine.queries.history(host, { limit: 5 })).items[0]).toMatchObject({ result: 'tie', tokens: 6 });
      expect((await h.engine.queries.history(bob, { limit: 5 })).items[0]).toMatchObject({ result: 'left', tokens: -16 });
      await expectMoneySettled(code);
    });

    it('bets: declined, failed (a stake nobody can pay: the others voided), expired by the sweeper at its deadline', async () => {
      const { code, ids } = await readyRoom(2, { entryFee: 60, penalty: 0 });
      const [host, ann] = ids as [string, string];
      expect(reasonOf(await send('ProposeBet', host, { code, amount: 7 }))).toBe('bet_amount_not_allowed');
      await send('ProposeBet', host, { code, amount: 30 });
      expect(roomOf(await send('RespondBet', ann, { code, accept: false })).bet?.status).toBe('declined');
      await send('ProposeBet', ann, { code, amount: 50 });
      expect(reasonOf(await send('RespondBet', host, { code, accept: true }))).toBe('insufficient_tokens');
      const failed = await roomState(h.store, code);
      expect(failed.bet?.status).toBe('failed');
      for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: 100, held: 60 });

      const proposedAt = tick();
      await send('ProposeBet', host, { code, amount: 5 }, proposedAt);
      const deadline = new Date(Date.parse(proposedAt) + ROOM_BET_EXPIRY_MS);
      await h.engine.waitForProjection(await h.store.head());
      expect((await h.engine.sweepRooms(new Date(deadline.getTime() - 1))).betsExpired).toBe(0);
      await sweepUntil(new Date(deadline.getTime() + 5_000), async () => (await roomState(h.store, code)).bet?.status === 'expired');
      const expired = (await h.store.readStream(`room-${code}`)).find((e) => e.type === 'BetExpired');
      expect(expired?.data.at).toBe(deadline.toISOString());
      expect(await start(code, host)).toMatchObject({ status: 'succeeded' });
      await send('LeaveRoom', ann, { code });
      await expectMoneySettled(code);
    });

    it('a waiting room with nothing done in it for the idle limit closes then, voiding every hold; presence is not activity', async () => {
      const { code, ids } = await readyRoom(2, { entryFee: 20, penalty: 5 });
      await agreeBet(code, ids, 10);
      for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: 100, held: 35 });
      const lastActivity = Date.parse((await roomState(h.store, code)).lastActivityAt);
      // a player's socket dropping (and coming back) later does not keep the room open
      const ann = ids[1]!;
      expect(reasonOf(await send('SetPresence', ann, { code, online: false }, new Date(lastActivity + 60_000).toISOString()))).toBe(
        'succeeded',
      );
      expect(reasonOf(await send('SetPresence', ann, { code, online: true }, new Date(lastActivity + 120_000).toISOString()))).toBe(
        'succeeded',
      );
      const idleAt = new Date(lastActivity + ROOM_IDLE_CLOSE_MS);
      await h.engine.waitForProjection(await h.store.head());
      await h.engine.sweepRooms(new Date(idleAt.getTime() - 1));
      expect((await roomState(h.store, code)).status).toBe('waiting');

      await sweepUntil(new Date(idleAt.getTime() + 5_000), async () => (await roomState(h.store, code)).status === 'cancelled');
      const closed = await eventsOf(`room-${code}`, 'RoomCancelled');
      expect(closed.map((e) => e.data)).toEqual([{ reason: 'idle', at: idleAt.toISOString() }]);
      for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: 100, held: 0 });
      await h.engine.waitForProjection(await h.store.head());
      expect((await h.engine.queries.room(code))?.view).toMatchObject({ status: 'cancelled', closedReason: 'idle' });
      await expectMoneySettled(code);
    });

    it('the same command twice has one effect: create, ready, bet, start, a move', async () => {
      const [host, ann] = [await player(), await player()];
      const createId = newUuid();
      const payload = { roomName: 'Twice', game: 'hangman', language: 'en', maxPlayers: 2, gameDuration: 'rush', entryFee: 10 };
      const first = roomOf(await send('CreateRoom', host, payload, tick(), createId));
      const again = roomOf(await send('CreateRoom', host, payload, tick(), createId));
      expect(again.code).toBe(first.code);
      expect(again.matchId).toBe(first.matchId);
      await join(first.code, ann);
      const readyId = newUuid();
      await Promise.all([ready(first.code, ann, true, readyId), ready(first.code, ann, true, readyId)]);
      await ready(first.code, ann, true, readyId);
      expect(await walletOf(h.store, ann)).toEqual({ balance: 100, held: 10 });
      await ready(first.code, host);
      const betId = newUuid();
      await send('ProposeBet', host, { code: first.code, amount: 10 }, tick(), betId);
      expect(reasonOf(await send('ProposeBet', host, { code: first.code, amount: 10 }, tick(), betId))).toBe('succeeded');
      await send('RespondBet', ann, { code: first.code, accept: true });
      const startId = newUuid();
      const startedAt = tick();
      await Promise.all([start(first.code, host, startedAt, startId), start(first.code, host, startedAt, startId)]);
      expect((await h.store.readStream(`duel-${first.matchId}`)).filter((e) => e.type === 'DuelStarted')).toHaveLength(1);
      const moveId = newUuid();
      await move(first.matchId, host, { type: 'set_word', word: 'mango' }, tick(), moveId);
      expect(reasonOf(await move(first.matchId, host, { type: 'set_word', word: 'mango' }, tick(), moveId))).toBe('succeeded');
      expect((await h.store.readStream(`duel-${first.matchId}`)).filter((e) => e.type === 'WordSet')).toHaveLength(1);
      expect(await walletOf(h.store, host)).toEqual({ balance: 80, held: 0 });
      await send('LeaveRoom', ann, { code: first.code });
      await expectMoneySettled(first.code);
    });

    it('a ledger reply lost mid-way: the retry (or the sweeper) finishes the steps, nothing moves twice', async () => {
      const [host, ann] = [await player(), await player()];
      const room = await create(host, { maxPlayers: 2 });
      await join(room.code, ann);
      const readyId = newUuid();
      h.faults.next = 'after';
      await expect(ready(room.code, ann, true, readyId)).rejects.toThrow(/injected/);
      expect(reasonOf(await ready(room.code, ann, true, readyId))).toBe('succeeded');
      expect(await walletOf(h.store, ann)).toEqual({ balance: 100, held: 15 });
      await ready(room.code, host);
      // The start's first ledger step is lost before it arrives; nobody retries: the sweeper settles it later.
      h.faults.next = 'before';
      const startedAt = tick();
      await expect(start(room.code, host, startedAt)).rejects.toThrow(/injected/);
      expect((await roomState(h.store, room.code)).status).toBe('in_progress');
      await h.engine.waitForProjection(await h.store.head());
      await sweepUntil(
        new Date(Date.parse(startedAt) + ROOM_MONEY_RETRY_AFTER_MS + 1_000),
        async () => !hasPendingMoney(await roomState(h.store, room.code)),
      );
      expect(await walletOf(h.store, host)).toEqual({ balance: 90, held: 5 });
      expect(await accountBalance(h.store, `escrow:${room.matchId}`)).toBe(20);
      // The end's payout: its reply is lost after the ledger applied it; the retry moves nothing twice.
      const leaveId = newUuid();
      const leftAt = tick();
      h.faults.on = { fault: 'after', match: (command) => command.type === 'Transfer' && command.payload.reason === 'payout' };
      await expect(send('LeaveRoom', ann, { code: room.code }, leftAt, leaveId)).rejects.toThrow(/injected/);
      expect(h.faults.on).toBeNull();
      expect(reasonOf(await send('LeaveRoom', ann, { code: room.code }, leftAt, leaveId))).toBe('succeeded');
      // The host took the pot (2 fees, ann's penalty of 5) less the rake of 2, once.
      expect(await walletOf(h.store, host)).toEqual({ balance: 113, held: 0 });
      const payouts = (await h.store.readStream(`account-wallet:${host}`)).filter(
        (e) => e.type === 'AccountCredited' && e.data.reason === 'payout',
      );
      expect(payouts.map((e) => e.data.amount)).toEqual([23]);
      await expectMoneySettled(room.code);
    });

    it('concurrent joins for the last seat: one gets it, the others hear room_full', async () => {
      const host = await player();
      const room = await create(host, { maxPlayers: 3 });
      await join(room.code, await player());
      const racers = await Promise.all([player(), player(), player(), player()]);
      const outcomes = await Promise.all(racers.map((id) => join(room.code, id)));
      expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(1);
      expect(outcomes.filter((o) => reasonOf(o) === 'room_full')).toHaveLength(3);
      expect((await roomState(h.store, room.code)).players.filter((p) => p.status === 'joined')).toHaveLength(3);
    });

    it('a room row changed behind the projection is folded onto, never overwritten from what it remembers', async () => {
      const [host, ann] = [await player(), await player()];
      const room = await create(host, { roomName: 'Before' });
      await h.engine.waitForProjection(await h.store.head());
      // Another writer's change (the projection remembers the row it wrote; where it trusts that, it must notice).
      await h.db.query(
        `update engine_rooms set state = jsonb_set(state, '{settings,roomName}', '"Changed"'), global_position = global_position - 1
          where code = $1`,
        [room.code],
      );
      expect(reasonOf(await join(room.code, ann))).toBe('succeeded');
      await h.engine.waitForProjection(await h.store.head());
      const listed = (await h.engine.queries.openRooms({ limit: 50 })).find((r) => r.code === room.code);
      expect(listed).toMatchObject({ roomName: 'Changed', players: [{ id: host }, { id: ann }] });
    });

    it('a match the commands do not hold is folded from its stream; a row keeps the state only once the match is over', async () => {
      const rooms = [await readyRoom(2), await readyRoom(2), await readyRoom(2)];
      for (const room of rooms) expect(reasonOf(await start(room.code, room.ids[0]!))).toBe('succeeded');
      await h.engine.waitForProjection(await h.store.head());
      const matchIds = rooms.map((room) => room.matchId!);
      const rowsOf = async () =>
        (
          await h.db.query<{ match_id: string; status: string; state: unknown }>(
            `select match_id, status, turn, current_player, turn_deadline, turn_ms, global_position::text as position, state
               from engine_duels where match_id = any($1::text[]) order by match_id`,
            [matchIds],
          )
        ).rows;
      const written = await rowsOf();
      expect(written).toHaveLength(3);
      expect(written.map((row) => [row.status, row.state])).toEqual(matchIds.map(() => ['playing', null]));
      // The rows gone, and a store whose commands hold no match folded (a restarted engine): each match is folded
      // from its stream, read in the batch's transaction where the store can.
      await h.db.query('delete from engine_duels where match_id = any($1::text[])', [matchIds]);
      // Each match's last event alone: the batch cannot fold them from their start.
      const lastOnly = (await Promise.all(matchIds.map(async (id) => (await h.store.readStream(`duel-${id}`)).at(-1)!))).sort((a, b) =>
        a.globalPosition < b.globalPosition ? -1 : 1,
      );
      const restarted: EventStore = {
        ...h.store,
        readStream: (streamId, options) => h.store.readStream(streamId, options),
        ...(h.store.readStreamIn ? { readStreamIn: h.store.readStreamIn.bind(h.store) } : {}),
      };
      await h.db.transaction((tx) => createEngineProjection(h.engine.games).apply(tx, lastOnly, restarted));
      expect(await rowsOf()).toEqual(written);
      for (const room of rooms) await playDuel(room.matchId!, { [room.ids[0]!]: 'garden', [room.ids[1]!]: 'window' });
      await h.engine.waitForProjection(await h.store.head());
      const over = await rowsOf();
      expect(over.map((row) => row.status)).toEqual(matchIds.map(() => 'finished'));
      for (const row of over) expect(row.state).toMatchObject({ matchId: row.match_id, status: 'finished' });
    });

    it('private rooms: hidden from the lobby, password required and checked; never a hash in a view', async () => {
      const [host, ann] = [await player(), await player()];
      const room = await create(host, { password: 'sesame' });
      expect(room.private).toBe(true);
      expect((await h.engine.queries.openRooms({ limit: 100 })).map((r) => r.code)).not.toContain(room.code);
      expect(reasonOf(await join(room.code, ann))).toBe('password_required');
      expect(reasonOf(await join(room.code, ann, { password: 'wrong' }))).toBe('invalid_password');
      expect(reasonOf(await join(room.code, ann, { password: 'sesame' }))).toBe('succeeded');
      const stored = JSON.stringify((await h.store.readStream(`room-${room.code}`)).map((e) => e.data));
      expect(stored).not.toContain('sesame');
      expect(JSON.stringify(await h.engine.queries.room(room.code))).not.toContain('scrypt');
      expect(
        await send('CreateRoom', host, {
          roomName: 'x',
          game: 'hangman',
          language: 'en',
          maxPlayers: 2,
          gameDuration: 'normal',
          password: 'abc',
        }),
      ).toMatchObject({
        reason: 'invalid_room_settings',
        details: { field: 'password' },
      });
    });

    it('two engine processes take turns on one duel, each deciding first on what it folded last: no move refused for a stale fold, none landed twice', async () => {
      const engines = [h.engine, h.another()];
      // Reads the duel as a third process would, so neither engine's folds are refreshed by the test's own reads.
      const observer = Object.create(h.store) as EventStore;
      const { code, matchId, ids } = await readyRoom(2);
      const words: Record<string, string> = { [ids[0]!]: 'zebra', [ids[1]!]: 'mango' };
      expect(reasonOf(await start(code, ids[0]!))).toBe('succeeded');
      const on = (n: number, type: string, userId: string, payload: Record<string, unknown>, commandId?: string) =>
        engines[n % 2]!.handle(envelope(type, userId, { userId, ...payload }, tick(), commandId));
      const guesses: string[] = [];
      for (let n = 0; ; n += 1) {
        const state = await duelState(observer, matchId);
        if (state.status === 'finished') break;
        expect(n).toBeLessThan(300);
        // The room moves on the other process now and then: the move's append checks the room's version too.
        if (n % 5 === 4) expect(reasonOf(await on(n + 1, 'SetPresence', ids[1]!, { code, online: n % 10 !== 4 }))).toBe('succeeded');
        if (state.phase === 'setting') {
          const word = words[state.setterId!];
          expect(reasonOf(await on(n, 'MakeMove', state.setterId!, { matchId, move: { type: 'set_word', word } }))).toBe('succeeded');
          continue;
        }
        const guess = { matchId, move: { type: 'guess', letter: [...state.word!].find((c) => !state.guessed.includes(c))! } };
        const commandId = newUuid();
        guesses.push(commandId);
        expect(reasonOf(await on(n, 'MakeMove', state.currentPlayer!, guess, commandId))).toBe('succeeded');
        // Delivered to the other process as well: the same command, answered without a second effect.
        expect(reasonOf(await on(n + 1, 'MakeMove', state.currentPlayer!, guess, commandId))).toBe('succeeded');
        // The same letter as a new command, on the process whose fold is older: refused, nothing appended.
        const again = await on(n + 1, 'MakeMove', state.currentPlayer!, guess);
        expect(['already_guessed', 'not_your_turn', 'not_guessing_phase', 'game_over']).toContain(reasonOf(again));
      }
      const guessed = (await observer.readStream(`duel-${matchId}`)).filter((e) => e.type === 'LetterGuessed');
      expect(guessed.map((e) => e.metadata.commandId)).toEqual(guesses);
      expect((await roomState(observer, code)).status).toBe('finished');
      await expectMoneySettled(code);
    });

    it('timers by event time: a turn times out at its deadline; 3 in a row puts a player out; the match ends on time', async () => {
      const { code, matchId, ids } = await readyRoom(3, { penalty: 5 });
      const [host, ann, bob] = ids as [string, string, string];
      const startedAt = tick();
      await start(code, host, startedAt);
      const t0 = Date.parse(startedAt);
      const sweepAt = async (ms: number) => {
        await h.engine.waitForProjection(await h.store.head());
        return h.engine.sweepRooms(new Date(t0 + ms));
      };
      expect((await sweepAt(TURN_MS - 1)).turnsTimedOut).toBe(0);
      // The host does not set a word: the round is skipped at the deadline.
      const duelStream = `duel-${matchId}`;
      await sweepUntil(new Date(t0 + TURN_MS + 400), async () => (await eventsOf(duelStream, 'TurnTimedOut')).length === 1);
      const timedOut = (await eventsOf(duelStream, 'TurnTimedOut'))[0];
      expect(timedOut?.data).toMatchObject({ playerId: host, at: new Date(t0 + TURN_MS).toISOString() });
      // A second sweep at the same time changes nothing.
      await sweepAt(TURN_MS + 400);
      expect(await eventsOf(duelStream, 'TurnTimedOut')).toHaveLength(1);

      // Bob dropped early on; ann sets her word near her deadline: bob's guessing turn ends once his 60 s of grace
      // are over, well before its own 30 s.
      await send('SetPresence', bob, { code, online: false }, new Date(t0 + 1_000).toISOString());
      const setAt = t0 + 2 * TURN_MS - 1_000;
      expect(reasonOf(await move(matchId, ann, { type: 'set_word', word: 'zebra' }, new Date(setAt).toISOString()))).toBe('succeeded');
      const state = await duelState(h.store, matchId);
      expect(state.currentPlayer).toBe(bob);
      const graceOver = t0 + 1_000 + ROOM_RECONNECT_GRACE_MS;
      expect(graceOver).toBeLessThan(Date.parse(state.turnDeadline!));
      expect((await sweepAt(graceOver - t0 - 100)).turnsTimedOut).toBe(0);
      await sweepUntil(new Date(graceOver + 100), async () => (await eventsOf(duelStream, 'TurnTimedOut')).length === 2);
      const bobOut = (await eventsOf(duelStream, 'TurnTimedOut')).at(-1);
      expect(bobOut?.data).toMatchObject({ playerId: bob, at: new Date(graceOver).toISOString() });

      // Three timed-out turns in a row: bob is out of the match, as a leaver (his penalty into the pot).
      const bobPlaying = (d: DuelState) => d.players.some((p) => p.id === bob && p.status === 'playing');
      for (let i = 0; i < 20; i += 1) {
        const s = await duelState(h.store, matchId);
        if (!bobPlaying(s)) break;
        if (s.currentPlayer === bob) {
          const turn = s.turn;
          await sweepUntil(new Date(Date.parse(s.turnDeadline!) + 10), async () => (await duelState(h.store, matchId)).turn !== turn);
        } else {
          const letter = [...'qxjvwk'].find((c) => !s.guessed.includes(c))!;
          await move(
            matchId,
            s.currentPlayer!,
            { type: 'guess', letter },
            new Date(Date.parse(s.turnDeadline!) - TURN_MS + 1_000).toISOString(),
          );
        }
      }
      expect(bobPlaying(await duelState(h.store, matchId))).toBe(false);
      const room = await roomState(h.store, code);
      expect(room.players.find((p) => p.id === bob)?.status).toBe('left');
      expect(room.played[matchId]?.leavers).toEqual([bob]);

      // The match's duration ends it, by its deadline.
      const duration = DUEL_DURATION_SECONDS.normal * 1000;
      await sweepUntil(new Date(t0 + duration + 1_000), async () => (await duelState(h.store, matchId)).status === 'finished');
      const ended = await duelState(h.store, matchId);
      expect(ended).toMatchObject({ status: 'finished', finishedAt: new Date(t0 + duration).toISOString() });
      expect((await roomState(h.store, code)).status).toBe('finished');
      await expectMoneySettled(code);
      expect((await h.engine.queries.history(bob, { limit: 5 })).items[0]).toMatchObject({ result: 'left', tokens: -15 });
    });

    it('a restart carries on: a new engine on the same store plays the match on and its timers fire', async () => {
      const { code, matchId, ids } = await readyRoom(2);
      const [host, ann] = ids as [string, string];
      const startedAt = tick();
      await start(code, host, startedAt);
      await move(matchId, host, { type: 'set_word', word: 'mango' });
      await h.restart();
      expect(reasonOf(await move(matchId, ann, { type: 'guess', letter: 'm' }))).toBe('succeeded');
      expect((await h.engine.queries.matchView(matchId, ann))?.view).toMatchObject({ scores: { [ann]: 10 } });
      await h.engine.waitForProjection(await h.store.head());
      await sweepUntil(
        new Date(Date.parse(startedAt) + DUEL_DURATION_SECONDS.normal * 1000 + 1),
        async () => (await duelState(h.store, matchId)).status === 'finished',
      );
      expect((await h.engine.queries.room(code))?.view.status).toBe('finished');
      await expectMoneySettled(code);
      // A rematch: a new match in the same room, the same players invited; the first stays in history.
      const rematch = dataOf(await send('StartRematch', host, { code }));
      expect(rematch.matchId).not.toBe(matchId);
      expect((rematch.room as RoomView).players.map((p) => [p.id, p.status])).toEqual([
        [host, 'joined'],
        [ann, 'invited'],
      ]);
      expect((await h.engine.queries.history(ann, { limit: 5 })).items.map((i) => i.matchId)).toEqual([matchId]);
    });
  });
}
