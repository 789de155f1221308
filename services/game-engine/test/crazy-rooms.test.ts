/**
 * Crazy in rooms, end to end in the engine service with the real ledger: a 3-player room with a bet
 * played to the end from each player's own view (a fixed seed, so the deal is known and the run repeatable),
 * someone caught by Crazy, someone saying Qeregn in time, the payout, history and replay; a turn timer, an offline
 * player's early timeouts and removal after 3; leaving a started match. The ledger's audit is clean after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ENGINE_REJECTIONS, type CommandOutcome } from '@qal/events';
import { ROOM_RECONNECT_GRACE_MS } from '../src/config.ts';
import { isWild } from '../src/games/crazy/cards.ts';
import { CRAZY_REJECTIONS, cardOf, crazyTurnMsOf, stacksOn, type CrazyState, type CrazyView, type Suit } from '../src/games/crazy/index.ts';
import { catalogueEntry, listCatalogue, type CrazyReplay } from '../src/index.ts';
import { commitmentOf } from '../src/fairness/fairness.ts';
import { testServerSeed } from '../src/fairness/testing.ts';
import { loadCrazy } from './room-matches.ts';
import {
  accountBalance,
  audit,
  dataOf,
  envelope,
  reasonOf,
  roomOf,
  roomState,
  startRooms,
  T0,
  walletOf,
  type RoomsHarness,
} from './rooms-support.ts';

const TURN_MS = crazyTurnMsOf('normal');
/** The server seed of every match here (a known deal); only its commitment shows before the end. */
const SEED = testServerSeed('crazy-rooms-seed-7');

const crazyState = async (h: RoomsHarness, matchId: string): Promise<CrazyState> => {
  const { state } = await loadCrazy(h.store, matchId);
  if (!state) throw new Error(`no Crazy match ${matchId}`);
  return state;
};

/** A card that may go on the pile as the viewer sees it (no chain on): a wild, or the suit or rank of the top. */
const fits = (view: CrazyView, id: string) => {
  const card = cardOf(id);
  return view.top === null || isWild(card) || card.suit === view.suit || card.rank === view.top.rank;
};

describe('Crazy in rooms (engine service, real ledger, PGlite)', () => {
  let h: RoomsHarness;
  let users = 0;
  let now = T0.getTime();
  const tick = (ms = 1_000) => new Date((now += ms)).toISOString();

  beforeAll(async () => {
    h = await startRooms('pglite', { newSeed: () => SEED });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const send = (type: string, userId: string, payload: Record<string, unknown>, issuedAt = tick(), commandId?: string) =>
    h.engine.handle(envelope(type, userId, { userId, ...payload }, issuedAt, commandId));
  const move = (matchId: string, userId: string, m: Record<string, unknown>, issuedAt = tick()) =>
    send('MakeMove', userId, { matchId, move: m }, issuedAt);
  const viewOf = async (matchId: string, userId: string) => (await h.engine.queries.matchView(matchId, userId))!.view as CrazyView;
  const eventsOf = async (matchId: string, type: string) => (await h.store.readStream(`crazy-${matchId}`)).filter((e) => e.type === type);

  async function player(name: string): Promise<string> {
    const userId = `crazy-${name}-${++users}`;
    expect((await h.ledger.handle(envelope('OpenWallet', 'system:test', { userId }, tick(0)))).status).toBe('succeeded');
    return userId;
  }

  /** `createId`: the room's create command, fixed where a test needs a known deal (the match id is the deal's client seed). */
  async function readyRoom(count: number, settings: Record<string, unknown> = {}, createId?: string) {
    const ids = await Promise.all(Array.from({ length: count }, (_, i) => player(`p${i}`)));
    const room = roomOf(
      await send(
        'CreateRoom',
        ids[0]!,
        {
          roomName: 'Crazy night',
          game: 'crazy',
          language: 'am',
          maxPlayers: count,
          gameDuration: 'normal',
          entryFee: 15,
          penalty: 5,
          ...settings,
        },
        tick(),
        createId,
      ),
    );
    expect(room.game).toBe(settings.game ?? 'crazy');
    for (const id of ids.slice(1)) expect(reasonOf(await send('JoinRoom', id, { code: room.code }))).toBe('succeeded');
    for (const id of ids) expect(reasonOf(await send('SetReady', id, { code: room.code, ready: true }))).toBe('succeeded');
    return { code: room.code, matchId: room.matchId, ids };
  }

  async function agreeBet(code: string, ids: readonly string[], amount: number) {
    expect(reasonOf(await send('ProposeBet', ids[0]!, { code, amount }))).toBe('succeeded');
    for (const id of ids.slice(1)) expect(reasonOf(await send('RespondBet', id, { code, accept: true }))).toBe('succeeded');
  }

  async function expectMoneySettled(code: string) {
    const state = await roomState(h.store, code);
    expect(state.holds.filter((hold) => hold.placement === 'placed' && hold.resolved === null)).toEqual([]);
    expect(state.transfers.filter((t) => !t.done)).toEqual([]);
    for (const matchId of state.matches) expect(await accountBalance(h.store, `escrow:${matchId}`)).toBe(0);
    const report = await audit(h);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  }

  async function sweepUntil(time: Date, done: () => Promise<boolean>) {
    for (let i = 0; i < 200; i += 1) {
      await h.engine.waitForProjection(await h.store.head()).catch(() => undefined);
      await h.engine.sweepRooms(time);
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the sweep at ${time.toISOString()} never got there`);
  }

  /**
   * One step of the table, decided from the players' own views only: first the calls (anyone with one card says
   * Qeregn, except `forgetful` until caught; a player left catchable is called Crazy on by the next one), then the
   * current player's turn: stack on a chain or take it, play a fitting card (an 8/J chooses its most held suit),
   * else draw once, then pass.
   */
  async function stepTable(
    matchId: string,
    ids: readonly string[],
    forgetful: { id: string; caught: boolean },
  ): Promise<CommandOutcome | null> {
    const views = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await viewOf(matchId, id)] as const)));
    const any = views[ids[0]!]!;
    if (any.status === 'finished') return null;
    for (const id of ids) {
      const mine = views[id]!;
      const me = mine.players.find((p) => p.id === id)!;
      if (me.status !== 'playing' || mine.hand.length !== 1 || mine.saidQeregn[id]) continue;
      if (id !== forgetful.id || forgetful.caught) return move(matchId, id, { type: 'qeregn' });
      if (mine.qeregnWindow !== id) {
        // The window is shut and they have not said it: the next player still in calls Crazy on them.
        const caller = ids.find((other) => other !== id && any.players.find((p) => p.id === other)?.status === 'playing')!;
        forgetful.caught = true;
        return move(matchId, caller, { type: 'crazy', target: id });
      }
    }
    const turn = any.turn!;
    const view = views[turn]!;
    if (view.penalty > 0) {
      const stack = view.hand.find((c) => view.top !== null && stacksOn(cardOf(view.top.id), cardOf(c.id)));
      return move(matchId, turn, stack ? { type: 'play', cards: [stack.id] } : { type: 'face_penalty' });
    }
    const card = view.hand.find((c) => fits(view, c.id));
    if (card) {
      if (isWild(cardOf(card.id)) && !view.suitLocked) {
        const counts = new Map<Suit, number>();
        for (const c of view.hand) if (c.id !== card.id) counts.set(c.suit, (counts.get(c.suit) ?? 0) + 1);
        const suit = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? card.suit;
        return move(matchId, turn, { type: 'play', cards: [card.id], suit });
      }
      return move(matchId, turn, { type: 'play', cards: [card.id] });
    }
    if (!view.hasDrawn && !view.canPassWithoutDrawing) return move(matchId, turn, { type: 'draw' });
    return move(matchId, turn, { type: 'pass' });
  }

  it('lists Crazy as playable and multiplayer, with the instructions of its own rule table; every rejection is an engine rejection', () => {
    const entry = listCatalogue().find((e) => e.slug === 'crazy');
    expect(entry).toMatchObject({ playable: true, multiplayer: true, costTokens: 15, players: { min: 2, max: 8 } });
    expect(catalogueEntry('crazy').instructions.en).toContain('Qeregn');
    for (const reason of CRAZY_REJECTIONS) expect(GAME_ENGINE_REJECTIONS).toContain(reason);
  });

  it('refuses a Crazy room with an entry fee under 15 or more than 8 players, and takes one of 2 to 8', async () => {
    const host = await player('host');
    const create = (settings: Record<string, unknown>) =>
      send('CreateRoom', host, { roomName: 'Crazy', game: 'crazy', language: 'en', maxPlayers: 4, gameDuration: 'rush', ...settings });
    expect(await create({ entryFee: 14 })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_room_settings',
      details: { field: 'entryFee' },
    });
    expect(await create({ maxPlayers: 9 })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_room_settings',
      details: { field: 'maxPlayers' },
    });
    expect(await create({ maxPlayers: 1 })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_room_settings',
      details: { field: 'maxPlayers' },
    });
    expect(await create({ language: 'fr' })).toMatchObject({ status: 'rejected', reason: 'unknown_language' });
    expect(roomOf(await create({ maxPlayers: 8 }))).toMatchObject({ game: 'crazy', entryFee: 15, maxPlayers: 8, gameDuration: 'rush' });
  });

  it('a 3-player room with a bet plays Crazy to the end: a Crazy catch, a Qeregn in time, the payout, history and replay', async () => {
    // A known deal (the same match id every run), in which the forgetful player does reach one card.
    const { code, matchId, ids } = await readyRoom(3, {}, '6f0c1e2a-5b7d-4c3e-9a81-2d4f6b8c0e13');
    await agreeBet(code, ids, 10);
    const started = dataOf(await send('StartRoomMatch', ids[0]!, { code }));
    expect(started.matchId).toBe(matchId);
    for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: 75, held: 5 });

    // The deal comes from the engine's server seed, which no view shows before the end (only its commitment); each
    // player sees their own hand only.
    const state = await crazyState(h, matchId);
    expect(state.chance.seeds).toEqual({ serverSeed: SEED, clientSeed: matchId.replace('.', '_'), nonce: 0 });
    const first = await viewOf(matchId, ids[1]!);
    expect(first.hand.map((c) => c.id)).toEqual(state.hands[ids[1]!]);
    expect(JSON.stringify(first)).not.toContain(SEED);
    expect(first.fairness).toEqual({ commitment: commitmentOf(SEED), serverSeed: null, clientSeed: matchId.replace('.', '_'), nonce: 0 });
    expect(first.hands).toBeUndefined();
    expect(first.counts).toEqual(Object.fromEntries(ids.map((id) => [id, state.hands[id]!.length])));

    // A move out of turn and a Hangman move are refused by name; the match is unchanged.
    const waiting = ids.find((id) => id !== state.currentPlayer)!;
    expect(reasonOf(await move(matchId, waiting, { type: 'draw' }))).toBe('not_your_turn');
    expect(reasonOf(await move(matchId, state.currentPlayer!, { type: 'guess', letter: 'a' }))).toBe('move_not_for_this_game');
    expect(reasonOf(await move(matchId, 'stranger', { type: 'draw' }))).toBe('not_your_match');

    const forgetful = { id: ids[2]!, caught: false };
    for (let i = 0; i < 2_000; i += 1) {
      const outcome = await stepTable(matchId, ids, forgetful);
      if (outcome === null) break;
      expect(reasonOf(outcome)).toBe('succeeded');
    }
    const end = await crazyState(h, matchId);
    expect(end.status).toBe('finished');
    const winner = end.winner!;

    // Someone said Qeregn in time, and someone was caught by a right Crazy call (and drew for it).
    expect((await eventsOf(matchId, 'QeregnSaid')).length).toBeGreaterThan(0);
    const calls = (await eventsOf(matchId, 'CrazyCalled')).map((e) => e.data);
    expect(calls).toContainEqual(expect.objectContaining({ targetId: forgetful.id, right: true }));
    expect((await eventsOf(matchId, 'CardsDrawn')).some((e) => e.data.playerId === forgetful.id && e.data.reason === 'crazy_call')).toBe(
      true,
    );

    // The room pays the pot (3 entry fees of 15 and 3 stakes of 10: 75) less the rake (floor(4.5) = 4, to the house)
    // to the winner; penalties void; the escrow is empty and the audit clean.
    await h.engine.waitForProjection(await h.store.head());
    const room = await roomState(h.store, code);
    expect(room.status).toBe('finished');
    expect(room.played[matchId]).toMatchObject({ winners: [winner], pot: 75 });
    expect(room.transfers.filter((t) => t.matchId === matchId).map((t) => [t.reason, t.to, t.amount])).toEqual([
      ['rake', 'house', 4],
      ['payout', `wallet:${winner}`, 71],
    ]);
    await expectMoneySettled(code);
    for (const id of ids) expect(await walletOf(h.store, id)).toEqual({ balance: id === winner ? 146 : 75, held: 0 });

    // History: the winner won 71 − 25 = +46, the others lost 25 each; scores are Crazy's.
    const mine = (await h.engine.queries.history(winner, { limit: 5 })).items[0];
    expect(mine).toMatchObject({ matchId, game: 'crazy', roomCode: code, result: 'won', tokens: 46, score: end.scores[winner] });
    const loser = ids.find((id) => id !== winner)!;
    expect((await h.engine.queries.history(loser, { limit: 5 })).items[0]).toMatchObject({
      matchId,
      game: 'crazy',
      result: 'lost',
      tokens: -25,
    });

    // Replay: one step per event, every hand shown at every step, the end naming the winner.
    const replay = (await h.engine.queries.replay(matchId)) as CrazyReplay;
    expect(replay.kind).toBe('crazy');
    expect(replay.steps).toHaveLength((await h.store.readStream(`crazy-${matchId}`)).length);
    expect(replay.steps[0]!.view.hands![ids[1]!]!.map((c) => c.id)).toEqual(state.hands[ids[1]!]);
    expect(replay.steps.every((s) => s.view.hands !== undefined)).toBe(true);
    expect(replay.steps.at(-1)).toMatchObject({ kind: 'end', playerId: winner });
    expect(replay.final).toMatchObject({ status: 'finished', winner });
    // The match is over: the server seed is revealed (to the replay and every player), and it is the one committed to.
    const revealed = { commitment: commitmentOf(SEED), serverSeed: SEED, clientSeed: matchId.replace('.', '_'), nonce: 0 };
    expect(replay.final.fairness).toEqual(revealed);
    expect(replay.steps[0]!.view.fairness).toEqual({ ...revealed, serverSeed: null });
    expect((await viewOf(matchId, ids[0]!)).fairness).toEqual(revealed);
    expect(await h.engine.queries.match(matchId)).toMatchObject({ kind: 'crazy', roomCode: code, playerIds: ids, status: 'finished' });
    expect(reasonOf(await move(matchId, winner, { type: 'draw' }))).toBe('game_over');

    // A rematch: a new Crazy match in the same room, dealt afresh once the invited players are back and ready.
    const host = (await roomState(h.store, code)).hostId;
    const rematch = dataOf(await send('StartRematch', host, { code }));
    const next = String(rematch.matchId);
    expect(next).not.toBe(matchId);
    for (const id of ids.filter((id) => id !== host)) {
      const invitation = (await h.engine.queries.invitations(id)).find((i) => i.code === code)!;
      expect(reasonOf(await send('RespondInvitation', id, { invitationId: invitation.id, accept: true }))).toBe('succeeded');
    }
    for (const id of ids) expect(reasonOf(await send('SetReady', id, { code, ready: true }))).toBe('succeeded');
    expect(reasonOf(await send('StartRoomMatch', host, { code }))).toBe('succeeded');
    expect(await crazyState(h, next)).toMatchObject({ status: 'playing', matchId: next, roomCode: code });
    expect((await h.engine.queries.history(winner, { limit: 5 })).items.map((i) => i.matchId)).toEqual([matchId]);
  }, 120_000);

  it('turns time out by event time; an offline player times out after 60 s; 3 in a row take them out as a leaver, and the match ends', async () => {
    const { code, matchId, ids } = await readyRoom(2);
    await agreeBet(code, ids, 20);
    const t0 = Date.parse(tick());
    expect(reasonOf(await send('StartRoomMatch', ids[0]!, { code }, new Date(t0).toISOString()))).toBe('succeeded');
    const s0 = await crazyState(h, matchId);
    const slow = s0.currentPlayer!;
    const other = ids.find((id) => id !== slow)!;

    // Before the deadline nothing happens; at it, the starter draws one and the turn passes.
    await h.engine.waitForProjection(await h.store.head());
    await h.engine.sweepRooms(new Date(t0 + TURN_MS - 1));
    expect(await eventsOf(matchId, 'TurnTimedOut')).toEqual([]);
    await sweepUntil(new Date(t0 + TURN_MS + 400), async () => (await eventsOf(matchId, 'TurnTimedOut')).length === 1);
    expect((await eventsOf(matchId, 'TurnTimedOut'))[0]?.data).toMatchObject({ playerId: slow, at: new Date(t0 + TURN_MS).toISOString() });
    expect((await crazyState(h, matchId)).hands[slow]).toHaveLength(s0.hands[slow]!.length + 1);

    // The slow player drops: from now on their turns end once the 60 s of grace are over.
    const offlineAt = t0 + TURN_MS + 1_000;
    await send('SetPresence', slow, { code, online: false }, new Date(offlineAt).toISOString());
    for (let i = 0; i < 20; i += 1) {
      const s = await crazyState(h, matchId);
      if (s.status === 'finished') break;
      if (s.currentPlayer === slow) {
        const turn = s.turnNumber;
        await sweepUntil(new Date(Math.max(Date.parse(s.turnDeadline!), offlineAt + ROOM_RECONNECT_GRACE_MS) + 10), async () => {
          const after = await crazyState(h, matchId);
          return after.turnNumber !== turn || after.status === 'finished';
        });
      } else {
        // The other player draws and passes within their turn.
        const at = Date.parse(s.turnDeadline!) - TURN_MS + 1_000;
        const view = await viewOf(matchId, other);
        if (!view.hasDrawn) expect(reasonOf(await move(matchId, other, { type: 'draw' }, new Date(at).toISOString()))).toBe('succeeded');
        expect(reasonOf(await move(matchId, other, { type: 'pass' }, new Date(at + 500).toISOString()))).toBe('succeeded');
      }
    }
    const end = await crazyState(h, matchId);
    expect(end).toMatchObject({ status: 'finished', winner: other, endReason: 'players' });
    expect(end.players.find((p) => p.id === slow)).toMatchObject({ status: 'left', leftReason: 'timeouts' });
    const timeouts = (await eventsOf(matchId, 'TurnTimedOut')).map((e) => e.data);
    expect(timeouts.length).toBeGreaterThanOrEqual(3);
    // Once offline, a timeout came at max(turn start, offline + 60 s), well before the turn's own 30 s would end.
    expect(timeouts.some((t) => Date.parse(String(t.at)) === offlineAt + ROOM_RECONNECT_GRACE_MS)).toBe(true);

    await h.engine.waitForProjection(await h.store.head());
    const room = await roomState(h.store, code);
    expect(room.status).toBe('finished');
    expect(room.played[matchId]?.leavers).toEqual([slow]);
    await expectMoneySettled(code);
    // The slow player forfeits entry 15, stake 20 and penalty 5; the other gets the pot (2 × 15 + 2 × 20 + 5 = 75)
    // less the rake (3).
    expect(await walletOf(h.store, slow)).toEqual({ balance: 60, held: 0 });
    expect(await walletOf(h.store, other)).toEqual({ balance: 137, held: 0 });
    expect((await h.engine.queries.history(slow, { limit: 5 })).items[0]).toMatchObject({
      matchId,
      game: 'crazy',
      result: 'left',
      tokens: -40,
    });
  }, 120_000);

  it('routes moves by the match: a Crazy move in a word duel is not for that game', async () => {
    const { code, matchId, ids } = await readyRoom(2, { game: 'hangman', entryFee: 10 });
    expect(reasonOf(await send('StartRoomMatch', ids[0]!, { code }))).toBe('succeeded');
    expect(await h.engine.queries.match(matchId)).toMatchObject({ kind: 'duel' });
    expect(reasonOf(await move(matchId, ids[0]!, { type: 'draw' }))).toBe('move_not_for_this_game');
    expect(reasonOf(await move(matchId, ids[1]!, { type: 'play', cards: ['H-8-0'] }))).toBe('move_not_for_this_game');
  });

  it('leaving a started match removes the player (a forfeit) and, with one left, ends it for them', async () => {
    const { code, matchId, ids } = await readyRoom(3);
    await agreeBet(code, ids, 5);
    expect(reasonOf(await send('StartRoomMatch', ids[0]!, { code }))).toBe('succeeded');
    const [a, b, c] = ids as [string, string, string];

    expect(reasonOf(await send('LeaveRoom', b, { code }))).toBe('succeeded');
    let s = await crazyState(h, matchId);
    expect(s.status).toBe('playing');
    expect(s.players.find((p) => p.id === b)).toMatchObject({ status: 'left', leftReason: 'left' });
    expect((await viewOf(matchId, a)).players.find((p) => p.id === b)?.status).toBe('left');
    // A player who left is out of the match: their moves are refused.
    expect(reasonOf(await move(matchId, b, { type: 'draw' }))).toBe('not_your_match');

    expect(reasonOf(await send('LeaveRoom', a, { code }))).toBe('succeeded');
    s = await crazyState(h, matchId);
    expect(s).toMatchObject({ status: 'finished', winner: c, endReason: 'players' });
    await h.engine.waitForProjection(await h.store.head());
    const room = await roomState(h.store, code);
    expect(room.status).toBe('finished');
    expect(room.played[matchId]?.leavers).toEqual([b, a]);
    await expectMoneySettled(code);
    // c takes the pot less the rake: 3 fees of 15 and 3 stakes of 5, a's and b's penalties (70), less 4; c's own
    // fee and stake were posted, c's penalty voided.
    expect(await walletOf(h.store, c)).toEqual({ balance: 100 - 15 - 5 + 66, held: 0 });
    for (const id of [a, b]) expect(await walletOf(h.store, id)).toEqual({ balance: 75, held: 0 });
    expect((await h.engine.queries.history(b, { limit: 5 })).items[0]).toMatchObject({ matchId, result: 'left', tokens: -25 });
  }, 120_000);
});
