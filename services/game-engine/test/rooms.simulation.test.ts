/**
 * A seeded simulation of rooms through the engine and the real ledger: random settings, joins (some with wrong
 * passwords), invitations, ready and un-ready, bets and answers, leaves, presence, starts, duels and Crazy matches
 * with random moves, timers swept at advancing times; faults between the engine and the ledger (a request lost, a reply
 * lost) followed by the retry, commands delivered twice (at once, to two engine processes on the same store, or
 * later), and restarts.
 *
 * After every room: nothing left held or owed, its escrows empty. At the end: the ledger audit is clean (every
 * hold resolved at most once, Σdebits = Σcredits, no wallet below zero) and tokens are conserved: every wallet
 * plus the house holds exactly what the welcome grants gave. Every finished match was settled by the rule: its
 * pot (entry fees, stakes, leavers' penalties) paid out as the house's rake and the winners' shares of the prize, so
 * the house holds exactly the rakes.
 *
 * ROOMS_SIM_SEED and ROOMS_SIM_ROOMS change the run; a failure prints the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ENGINE_REJECTIONS, type CommandEnvelope, type CommandOutcome } from '@qal/events';
import { cardOf, goesOnPile, stacksOn } from '../src/games/crazy/index.ts';
import { potPartsOf, settleMatch } from '../src/rooms/settlement.ts';
import { loadCrazy } from './room-matches.ts';
import { accountBalance, audit, envelope, roomState, duelState, startRooms, T0, walletOf, type RoomsHarness } from './rooms-support.ts';

const SEED = Number(process.env.ROOMS_SIM_SEED ?? 20260305);
const ROOMS = Number(process.env.ROOMS_SIM_ROOMS ?? 40);
const PLAYERS = 16;
const WELCOME = 100;
const WORDS = ['mango', 'zebra', 'black', 'house', 'quiz', 'jazz', 'dog', 'apple'];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const KNOWN: ReadonlySet<string> = new Set(GAME_ENGINE_REJECTIONS);

function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

describe(`rooms simulation (seed ${SEED}, ${ROOMS} rooms)`, () => {
  const random = rng(SEED);
  let h: RoomsHarness;
  /** A second engine process on the same store: commands go to either, duplicates to both at once. */
  let other: RoomsHarness['engine'];
  const engineFor = () => (random.chance(0.3) ? other : h.engine);
  let now = T0.getTime();
  const players: string[] = [];
  let sent = 0;
  let faults = 0;
  let duplicates = 0;

  beforeAll(async () => {
    h = await startRooms('memory');
    other = h.another();
    for (let i = 0; i < PLAYERS; i += 1) {
      const userId = `sim-${SEED}-${i}`;
      expect((await h.ledger.handle(envelope('OpenWallet', 'system:sim', { userId }, new Date(now).toISOString()))).status).toBe(
        'succeeded',
      );
      players.push(userId);
    }
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const checked = (outcome: CommandOutcome, command: CommandEnvelope): CommandOutcome => {
    if (outcome.status === 'rejected' && !KNOWN.has(outcome.reason))
      throw new Error(`seed ${SEED}: ${command.type} rejected with unnamed ${outcome.reason}`);
    return outcome;
  };

  /** Sends a command the way a flaky network would: maybe a fault and the retry, maybe twice. */
  async function send(
    type: string,
    userId: string,
    payload: Record<string, unknown>,
    advance = random.int(50, 2_000),
  ): Promise<CommandOutcome> {
    now += advance;
    const command = envelope(type, userId, { userId, ...payload }, new Date(now).toISOString());
    sent += 1;
    if (random.chance(0.08)) {
      faults += 1;
      h.faults.next = random.chance(0.5) ? 'before' : 'after';
      await engineFor()
        .handle(command)
        .then(
          () => (h.faults.next = null), // the command needed no ledger step: no fault happened
          () => undefined,
        );
    }
    if (random.chance(0.1)) {
      duplicates += 1;
      const [a, b] = await Promise.all([h.engine.handle(command), other.handle(command)]);
      checked(a, command);
      return checked(b, command);
    }
    const outcome = checked(await engineFor().handle(command), command);
    if (random.chance(0.05)) {
      duplicates += 1;
      checked(await engineFor().handle(command), command);
    }
    return outcome;
  }

  async function sweep() {
    await h.engine.waitForProjection(await h.store.head());
    await h.engine.sweepRooms(new Date(now));
  }

  async function playRoom(index: number) {
    const host = random.pick(players);
    const password = random.chance(0.2) ? 'secret' : undefined;
    const game = random.chance(0.3) ? 'crazy' : 'hangman';
    const created = await send('CreateRoom', host, {
      roomName: `Room ${index}`,
      game,
      language: 'en',
      maxPlayers: random.int(2, 4),
      gameDuration: random.pick(['normal', 'rush']),
      entryFee: game === 'crazy' ? random.pick([15, 20, 40]) : random.pick([9, 10, 20, 40]),
      penalty: random.pick([0, 0, 5, 20]),
      ...(password ? { password } : {}),
    });
    if (created.status !== 'succeeded') throw new Error(`seed ${SEED}: create failed ${created.reason}`);
    const code = (created.data.room as { code: string }).code;

    // The waiting room: random players do random things.
    for (let step = 0; step < 25; step += 1) {
      const state = await roomState(h.store, code);
      if (state.status !== 'waiting') break;
      const members = state.players.filter((p) => p.status === 'joined' || p.status === 'ready').map((p) => p.id);
      const someone = random.chance(0.6) && members.length > 0 ? random.pick(members) : random.pick(players);
      const roll = random.int(0, 11);
      if (roll <= 2)
        await send('JoinRoom', someone, {
          code,
          ...(password && random.chance(0.8) ? { password: random.chance(0.8) ? password : 'wrong' } : {}),
        });
      else if (roll <= 5) await send('SetReady', someone, { code, ready: random.chance(0.8) });
      else if (roll === 6) await send('ProposeBet', someone, { code, amount: random.pick([5, 10, 15, 20, 30, 40, 50, 7]) });
      else if (roll === 7) await send('RespondBet', someone, { code, accept: random.chance(0.8) });
      else if (roll === 8) await send('InvitePlayer', state.hostId, { code, inviteeId: random.pick(players) });
      else if (roll === 9) {
        const invitation = (await h.engine.queries.invitations(someone)).find((i) => i.code === code);
        if (invitation) await send('RespondInvitation', someone, { invitationId: invitation.id, accept: random.chance(0.7) });
      } else if (roll === 10 && random.chance(0.3)) await send('LeaveRoom', someone, { code });
      else if (roll === 11) await send('SetPresence', someone, { code, online: random.chance(0.5) });
      if (random.chance(0.15)) {
        now += random.int(10_000, 150_000); // long enough for a bet to expire sometimes
        await sweep();
      }
    }

    // Try to start: everyone ready, the bet settled; otherwise the host deletes the room.
    let state = await roomState(h.store, code);
    if (state.status === 'waiting') {
      for (const p of state.players.filter((p) => p.status === 'joined')) await send('SetReady', p.id, { code, ready: true });
      state = await roomState(h.store, code);
      if (state.bet?.status === 'proposed' || state.bet?.status === 'agreed') {
        for (const p of state.players.filter((p) => p.status === 'ready' || p.status === 'joined'))
          await send('RespondBet', p.id, { code, accept: true });
      }
      const started = await send('StartRoomMatch', (await roomState(h.store, code)).hostId, { code });
      if (started.status !== 'succeeded') {
        const room = await roomState(h.store, code);
        if (room.status === 'waiting') await send('DeleteRoom', room.hostId, { code });
      }
    }

    // Crazy, if it started: random moves (mostly fitting cards, sometimes wrong ones, calls, Qeregn), leaves and
    // timeouts; after the step cap everyone but one leaves, so it ends.
    state = await roomState(h.store, code);
    if (state.status === 'in_progress' && state.settings.game === 'crazy') {
      const matchId = state.matchId;
      const game = async () => (await loadCrazy(h.store, matchId)).state!;
      for (let step = 0; step < 300; step += 1) {
        const match = await game();
        if (match.status === 'finished') break;
        const current = match.currentPlayer!;
        const playing = match.players.filter((p) => p.status === 'playing').map((p) => p.id);
        const hand = match.hands[current] ?? [];
        const roll = random.int(0, 19);
        const move = (userId: string, m: Record<string, unknown>) => send('MakeMove', userId, { matchId, move: m });
        if (roll === 0) await send('LeaveRoom', random.pick(playing), { code });
        else if (roll <= 2) {
          now += random.int(5_000, 40_000);
          await sweep();
        } else if (roll === 3) await move(random.pick(playing), { type: 'crazy', target: random.pick(playing) });
        else if (roll === 4) await move(random.pick(playing), { type: 'qeregn' });
        else if (roll <= 6) await move(current, { type: random.pick(['draw', 'pass', 'face_penalty']) });
        else {
          const fitting = hand.filter((id) =>
            match.penalty > 0 ? match.pile.length > 0 && stacksOn(cardOf(match.pile.at(-1)!), cardOf(id)) : goesOnPile(match, cardOf(id)),
          );
          const card = fitting.length > 0 && random.chance(0.9) ? random.pick(fitting) : hand.length > 0 ? random.pick(hand) : null;
          if (hand.length === 1 && !match.saidQeregn[current] && random.chance(0.7)) await move(current, { type: 'qeregn' });
          const wild = card !== null && ['8', 'J'].includes(cardOf(card).rank);
          if (card)
            await move(current, {
              type: 'play',
              cards: [card],
              ...(wild ? { suit: random.pick(['hearts', 'diamonds', 'clubs', 'spades']) } : {}),
            });
          else await move(current, { type: 'draw' });
        }
      }
      for (const id of (await game()).players
        .filter((p) => p.status === 'playing')
        .map((p) => p.id)
        .slice(1)) {
        if ((await game()).status !== 'finished') await send('LeaveRoom', id, { code });
      }
      expect((await game()).status).toBe('finished');
    } else if (state.status === 'in_progress') {
      // The duel, if it started: random moves, leaves and timeouts, until it ends.
      const matchId = state.matchId;
      const used = new Set<string>();
      for (let step = 0; step < 400; step += 1) {
        const duel = await duelState(h.store, matchId);
        if (duel.status === 'finished') break;
        const current = duel.currentPlayer;
        const roll = random.int(0, 19);
        if (roll === 0 && current)
          await send('LeaveRoom', random.pick(duel.players.filter((p) => p.status === 'playing').map((p) => p.id)), { code });
        else if (roll <= 2 || !current) {
          now += random.int(5_000, 40_000); // a player idles: their turn times out (or the match ends on time)
          await sweep();
        } else if (duel.phase === 'setting') {
          const word = WORDS.find((w) => !used.has(w) && !duel.usedWords.includes(w))!;
          const outcome = await send('MakeMove', current, { matchId, move: { type: 'set_word', word } });
          if (outcome.status === 'succeeded') used.add(word);
        } else if (roll === 3) await send('MakeMove', current, { matchId, move: { type: 'hint' } });
        else {
          const letter = random.pick(LETTERS.filter((l) => !duel.guessed.includes(l)));
          await send('MakeMove', random.chance(0.9) ? current : random.pick(players), { matchId, move: { type: 'guess', letter } });
        }
      }
      const duel = await duelState(h.store, matchId);
      if (duel.status !== 'finished') {
        now = Date.parse(duel.matchDeadline) + 1_000;
        await sweep();
      }
      expect((await duelState(h.store, matchId)).status).toBe('finished');
    }
  }

  it('conserves tokens and resolves every hold once, whatever the order and the faults', async () => {
    for (let i = 0; i < ROOMS; i += 1) {
      // Now and then the engine restarts between rooms (another instance carries on from the store).
      if (i > 0 && i % 15 === 0) await h.restart();
      await playRoom(i);
      // Whatever a fault left half-done, the sweeper finishes.
      now += 10_000;
      await sweep();
    }
    now += 60_000;
    await sweep();

    const { rows } = await h.db.query<{ code: string }>('select code from engine_rooms');
    expect(rows.length).toBe(ROOMS);
    for (const { code } of rows) {
      const state = await roomState(h.store, code);
      expect(['finished', 'cancelled']).toContain(state.status);
      expect(state.holds.filter((hold) => hold.placement === 'placed' && hold.resolved === null)).toEqual([]);
      expect(state.holds.filter((hold) => hold.placement === 'pending')).toEqual([]);
      expect(state.transfers.filter((t) => !t.done)).toEqual([]);
      for (const matchId of state.matches) expect(await accountBalance(h.store, `escrow:${matchId}`)).toBe(0);
    }
    const states = await Promise.all(rows.map((r) => roomState(h.store, r.code)));
    const played = states.flatMap((s) => Object.values(s.played));
    // Each finished match moved its whole pot out of the escrow: the rake to the house, the prize to the winners.
    let rakes = 0;
    for (const state of states)
      for (const match of Object.values(state.played)) {
        expect(match.finishedAt).not.toBeNull();
        const parts = potPartsOf(state, match.matchId);
        const settled = settleMatch(parts, match.winners);
        expect(match.pot).toBe(settled.pot);
        expect(parts.fees).toBe(match.entryFee * match.players.length);
        expect(parts.stakes).toBe(match.stake * match.players.length);
        const moved = state.transfers.filter((t) => t.matchId === match.matchId);
        expect(moved.filter((t) => t.reason === 'rake').reduce((a, t) => a + t.amount, 0)).toBe(settled.rake);
        expect(moved.filter((t) => t.reason === 'payout').map((t) => ({ userId: t.userId, amount: t.amount }))).toEqual(settled.payouts);
        expect(moved.some((t) => t.reason === 'entry_fee')).toBe(false);
        rakes += settled.rake;
      }
    const stats = {
      finished: states.filter((s) => s.status === 'finished').length,
      cancelled: states.filter((s) => s.status === 'cancelled').length,
      withPot: played.filter((m) => m.pot > 0).length,
      forfeits: played.reduce((a, m) => a + m.leavers.length, 0),
      ties: played.filter((m) => m.winners.length > 1).length,
      refusedHolds: states.reduce((a, s) => a + s.holds.filter((x) => x.placement === 'refused').length, 0),
      crazyFinished: states.filter((s) => s.status === 'finished' && s.settings.game === 'crazy').length,
    };
    if (process.env.ROOMS_SIM_VERBOSE) console.log(JSON.stringify({ seed: SEED, sent, faults, duplicates, ...stats }));
    // The run is only worth something if it went through the interesting paths.
    expect(stats.finished).toBeGreaterThan(0);
    expect(stats.cancelled).toBeGreaterThan(0);
    expect(stats.crazyFinished).toBeGreaterThan(0);
    const house = await accountBalance(h.store, 'house');
    expect(house).toBe(rakes);
    expect(rakes).toBeGreaterThan(0);
    let total = house;
    for (const userId of players) {
      const wallet = await walletOf(h.store, userId);
      expect(wallet.held).toBe(0);
      expect(wallet.balance).toBeGreaterThanOrEqual(0);
      total += wallet.balance;
    }
    expect(total).toBe(WELCOME * PLAYERS);
    const report = await audit(h);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(sent).toBeGreaterThan(ROOMS * 20);
    expect(faults).toBeGreaterThan(0);
    expect(duplicates).toBeGreaterThan(0);
  }, 300_000);
});
