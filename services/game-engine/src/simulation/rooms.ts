/**
 * Seeded simulation of rooms through the engine and a real ledger (brought by the caller): random settings, joins
 * (some with wrong passwords), invitations, ready and un-ready, bets and answers, leaves, presence, starts, duels and
 * Crazy matches with random moves, timers swept at advancing times; faults between the engine and the ledger (a
 * request lost, a reply lost) followed by the retry, commands delivered twice (at once, to two engine processes on
 * the same store, or later), and engine restarts.
 *
 * Checked as it goes: what the engine answers a player about a match (the mover's view, and every player's and a
 * spectator's view now and then) shows no other hand and no word but the setter's own. After every room: nothing
 * left held or owed, its escrows empty. At the end: the ledger audit is clean (every hold resolved at most once,
 * Σdebits = Σcredits, no wallet below zero) and tokens are conserved: the wallets and the house hold exactly what
 * the welcome grants gave. Every finished match was settled by the rule: its pot (entry fees, stakes, leavers'
 * penalties) paid out as the house's rake and the winners' shares of the prize, so the house holds exactly the rakes.
 */
import {
  GAME_ENGINE_REJECTIONS,
  uuidFrom,
  type CommandEnvelope,
  type CommandHandler,
  type CommandOutcome,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { testServerSeed } from '../fairness/testing.ts';
import { cardOf } from '../games/crazy/cards.ts';
import { goesOnPile, stacksOn } from '../games/crazy/decider.ts';
import type { CrazyState } from '../games/crazy/state.ts';
import type { DuelState } from '../games/hangman-duel/state.ts';
import { potPartsOf, settleMatch } from '../rooms/settlement.ts';
import type { GameEngine } from '../service/engine.ts';
import { invariant, same } from './check.ts';
import { accountBalance, crazyState, duelState, roomState, startEngineHarness, walletOf } from './harness.ts';
import { simRandom } from './random.ts';
import { checkCrazyView, checkDuelView } from './views.ts';

const WORDS = ['mango', 'zebra', 'black', 'house', 'quiz', 'jazz', 'dog', 'apple'];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const KNOWN: ReadonlySet<string> = new Set(GAME_ENGINE_REJECTIONS);
const T0 = Date.parse('2026-03-02T06:00:00.000Z');
/** Commands tried in a waiting room, in a Crazy match and in a duel before the simulation winds it up. */
const WAITING_STEPS = 25;
const CRAZY_STEPS = 300;
const DUEL_STEPS = 400;
/** Every player's view (and a spectator's) is asked of the engine every this many match steps, and at the end. */
const VIEWS_EVERY = 10;
/** Per command sent: a lost request or reply before it, a duplicate delivery, an engine restart before it. */
const FAULT_CHANCE = 0.08;
const DUPLICATE_AT_ONCE_CHANCE = 0.1;
const DUPLICATE_LATER_CHANCE = 0.05;
const RESTART_CHANCE = 0.005;

/** The ledger side, which the engine package does not import: the caller composes it. */
export interface RoomsPlatform {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  /** The ledger's command handler (wallets, holds, transfers). */
  readonly ledger: CommandHandler;
  /** The ledger audit once its read model has caught up: its own invariants, broken or not. */
  audit(): Promise<{ readonly ok: boolean; readonly violations: readonly string[] }>;
}

/** What the rooms went through, so a test can tell that a run reached the interesting paths. */
export interface RoomsSummary {
  readonly rooms: number;
  readonly sent: number;
  readonly faults: number;
  readonly duplicates: number;
  readonly restarts: number;
  readonly finished: number;
  readonly cancelled: number;
  readonly crazyFinished: number;
  readonly withPot: number;
  readonly forfeits: number;
  readonly ties: number;
  readonly refusedHolds: number;
  readonly rakes: number;
  readonly viewsChecked: number;
}

/** `size` rooms of seed `seed` with 4 to 16 players (more rooms, more players). */
export async function simulateRooms(seed: number, size: number, platform: RoomsPlatform): Promise<RoomsSummary> {
  const { store } = platform;
  const random = simRandom(seed);
  let seeds = 0;
  const h = await startEngineHarness({ ...platform, newSeed: () => testServerSeed(`rooms-sim-${seed}-${seeds++}`) });
  /** A second engine process on the same store: commands go to either, duplicates to both at once. */
  const other = h.another();
  const engineFor = (): GameEngine => (random.chance(0.3) ? other : h.engine);
  const where = (what: string) => `rooms seed ${seed}: ${what}`;
  let now = T0;
  let commands = 0;
  const counts = { sent: 0, faults: 0, duplicates: 0, restarts: 0, viewsChecked: 0 };
  const players: string[] = [];
  /** What the welcome grants gave: all the tokens there are, as nothing here buys or wins from outside. */
  let granted = 0;
  const envelope = (type: string, actorId: string, payload: Record<string, unknown>): CommandEnvelope => {
    const commandId = uuidFrom('rooms-sim', String(seed), String(commands++));
    return { commandId, type, actorId, payload, issuedAt: new Date(now).toISOString(), correlationId: commandId };
  };

  const checked = (outcome: CommandOutcome, command: CommandEnvelope): CommandOutcome => {
    invariant(outcome.status !== 'rejected' || KNOWN.has(outcome.reason), () =>
      where(`${command.type} rejected with unnamed ${outcome.status === 'rejected' ? outcome.reason : ''}`),
    );
    return outcome;
  };

  /** Sends a command the way a flaky network would: maybe a fault and the retry, maybe twice, maybe after a restart. */
  async function send(
    type: string,
    userId: string,
    payload: Record<string, unknown>,
    advance = random.int(50, 2_000),
  ): Promise<CommandOutcome> {
    now += advance;
    const command = envelope(type, userId, { userId, ...payload });
    counts.sent += 1;
    if (random.chance(RESTART_CHANCE)) {
      counts.restarts += 1;
      await h.restart();
    }
    if (random.chance(FAULT_CHANCE)) {
      counts.faults += 1;
      h.faults.next = random.chance(0.5) ? 'before' : 'after';
      await engineFor()
        .handle(command)
        .then(
          () => (h.faults.next = null), // the command needed no ledger step: no fault happened
          () => undefined,
        );
    }
    if (random.chance(DUPLICATE_AT_ONCE_CHANCE)) {
      counts.duplicates += 1;
      const [a, b] = await Promise.all([h.engine.handle(command), other.handle(command)]);
      checked(a, command);
      return checked(b, command);
    }
    const outcome = checked(await engineFor().handle(command), command);
    if (random.chance(DUPLICATE_LATER_CHANCE)) {
      counts.duplicates += 1;
      checked(await engineFor().handle(command), command);
    }
    return outcome;
  }

  async function sweep() {
    await h.engine.waitForProjection(await store.head());
    await h.engine.sweepRooms(new Date(now));
  }

  /** What the engine would send each player and a spectator about the match, checked against its state. */
  async function checkViews<S>(
    matchId: string,
    state: S,
    players: readonly string[],
    check: (state: S, viewer: string | null, view: unknown, where: string) => void,
  ) {
    for (const viewer of [...players, null]) {
      const shown = await h.engine.queries.matchView(matchId, viewer);
      invariant(shown !== null, where(`no view of match ${matchId}`));
      check(state, viewer, shown.view, where(`match ${matchId}`));
      counts.viewsChecked += 1;
    }
  }

  /** A move's answer shows the mover's view: checked against the state it was made from (the next one loaded). */
  let answered: { viewer: string; view: unknown } | null = null;
  const move = async (userId: string, matchId: string, m: Record<string, unknown>) => {
    const outcome = await send('MakeMove', userId, { matchId, move: m });
    if (outcome.status === 'succeeded' && outcome.data.view) answered = { viewer: userId, view: outcome.data.view };
  };

  async function playCrazy(code: string, matchId: string) {
    const game = () => crazyState(store, matchId);
    const verify = async (match: CrazyState, step: number) => {
      if (answered) checkCrazyView(match, answered.viewer, answered.view, where(`the answer to a move in ${matchId}`));
      answered = null;
      if (step % VIEWS_EVERY === 0)
        await checkViews(
          matchId,
          match,
          match.players.map((p) => p.id),
          checkCrazyView,
        );
    };
    for (let step = 0; step < CRAZY_STEPS; step += 1) {
      const match = await game();
      await verify(match, step);
      if (match.status === 'finished') break;
      const current = match.currentPlayer!;
      const playing = match.players.filter((p) => p.status === 'playing').map((p) => p.id);
      const hand = match.hands[current] ?? [];
      const roll = random.int(0, 19);
      if (roll === 0) await send('LeaveRoom', random.pick(playing), { code });
      else if (roll <= 2) {
        now += random.int(5_000, 40_000);
        await sweep();
      } else if (roll === 3) await move(random.pick(playing), matchId, { type: 'crazy', target: random.pick(playing) });
      else if (roll === 4) await move(random.pick(playing), matchId, { type: 'qeregn' });
      else if (roll <= 6) await move(current, matchId, { type: random.pick(['draw', 'pass', 'face_penalty']) });
      else {
        const fitting = hand.filter((id) =>
          match.penalty > 0 ? match.pile.length > 0 && stacksOn(cardOf(match.pile.at(-1)!), cardOf(id)) : goesOnPile(match, cardOf(id)),
        );
        const card = fitting.length > 0 && random.chance(0.9) ? random.pick(fitting) : hand.length > 0 ? random.pick(hand) : null;
        if (hand.length === 1 && !match.saidQeregn[current] && random.chance(0.7)) await move(current, matchId, { type: 'qeregn' });
        const wild = card !== null && ['8', 'J'].includes(cardOf(card).rank);
        if (card)
          await move(current, matchId, {
            type: 'play',
            cards: [card],
            ...(wild ? { suit: random.pick(['hearts', 'diamonds', 'clubs', 'spades']) } : {}),
          });
        else await move(current, matchId, { type: 'draw' });
      }
    }
    // After the step cap everyone but one leaves, so it ends.
    for (const id of (await game()).players
      .filter((p) => p.status === 'playing')
      .map((p) => p.id)
      .slice(1)) {
      if ((await game()).status !== 'finished') await send('LeaveRoom', id, { code });
    }
    const final = await game();
    await verify(final, 0);
    invariant(final.status === 'finished', where(`Crazy match ${matchId} still playing after everyone but one left`));
  }

  async function playDuel(code: string, matchId: string) {
    const used = new Set<string>();
    const verify = async (duel: DuelState, step: number) => {
      if (answered) checkDuelView(duel, answered.viewer, answered.view, where(`the answer to a move in ${matchId}`));
      answered = null;
      if (step % VIEWS_EVERY === 0)
        await checkViews(
          matchId,
          duel,
          duel.players.map((p) => p.id),
          checkDuelView,
        );
    };
    for (let step = 0; step < DUEL_STEPS; step += 1) {
      const duel = await duelState(store, matchId);
      await verify(duel, step);
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
      } else if (roll === 3) await move(current, matchId, { type: 'hint' });
      else {
        const letter = random.pick(LETTERS.filter((l) => !duel.guessed.includes(l)));
        await move(random.chance(0.9) ? current : random.pick(players), matchId, { type: 'guess', letter });
      }
    }
    const duel = await duelState(store, matchId);
    if (duel.status !== 'finished') {
      now = Date.parse(duel.matchDeadline) + 1_000;
      await sweep();
    }
    const final = await duelState(store, matchId);
    await verify(final, 0);
    invariant(final.status === 'finished', where(`duel ${matchId} still playing after its deadline`));
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
    invariant(created.status === 'succeeded', () => where(`create failed ${created.status === 'rejected' ? created.reason : ''}`));
    const code = (created.data.room as { code: string }).code;

    // The waiting room: random players do random things.
    for (let step = 0; step < WAITING_STEPS; step += 1) {
      const state = await roomState(store, code);
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
        // The invitations are read from the read model: caught up first, so a replay of the seed reads the same.
        await h.engine.waitForProjection(await store.head());
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
    let state = await roomState(store, code);
    if (state.status === 'waiting') {
      for (const p of state.players.filter((p) => p.status === 'joined')) await send('SetReady', p.id, { code, ready: true });
      state = await roomState(store, code);
      if (state.bet?.status === 'proposed' || state.bet?.status === 'agreed') {
        for (const p of state.players.filter((p) => p.status === 'ready' || p.status === 'joined'))
          await send('RespondBet', p.id, { code, accept: true });
      }
      const started = await send('StartRoomMatch', (await roomState(store, code)).hostId, { code });
      if (started.status !== 'succeeded') {
        const room = await roomState(store, code);
        if (room.status === 'waiting') await send('DeleteRoom', room.hostId, { code });
      }
    }

    // The match, if it started: random moves, leaves and timeouts, until it ends.
    state = await roomState(store, code);
    if (state.status === 'in_progress' && state.settings.game === 'crazy') await playCrazy(code, state.matchId!);
    else if (state.status === 'in_progress') await playDuel(code, state.matchId!);
  }

  try {
    const playerCount = Math.min(16, 4 + 4 * size);
    for (let i = 0; i < playerCount; i += 1) {
      const userId = `sim-${seed}-${i}`;
      const opened = await platform.ledger(envelope('OpenWallet', 'system:sim', { userId }));
      invariant(opened.status === 'succeeded', where(`opening the wallet of ${userId}`));
      granted += Number(opened.data.balance);
      players.push(userId);
    }

    for (let i = 0; i < size; i += 1) {
      await playRoom(i);
      // Whatever a fault left half-done, the sweeper finishes.
      now += 10_000;
      await sweep();
    }
    now += 60_000;
    await sweep();

    const { rows } = await h.db.query<{ code: string }>('select code from engine_rooms');
    same(rows.length, size, where('rooms in the read model'));
    const states = await Promise.all(rows.map((r) => roomState(store, r.code)));
    for (const state of states) {
      const room = where(`room ${state.code}`);
      invariant(['finished', 'cancelled'].includes(state.status), `${room}: ${state.status} at the end`);
      same(
        state.holds.filter((hold) => hold.placement === 'placed' && hold.resolved === null),
        [],
        `${room}: holds placed and never resolved`,
      );
      same(
        state.holds.filter((hold) => hold.placement === 'pending'),
        [],
        `${room}: holds never placed nor refused`,
      );
      same(
        state.transfers.filter((t) => !t.done),
        [],
        `${room}: transfers owed`,
      );
      for (const matchId of state.matches) same(await accountBalance(store, `escrow:${matchId}`), 0, `${room}: escrow of ${matchId}`);
    }
    // Each finished match moved its whole pot out of the escrow: the rake to the house, the prize to the winners.
    let rakes = 0;
    for (const state of states)
      for (const match of Object.values(state.played)) {
        const at = where(`match ${match.matchId} of room ${state.code}`);
        invariant(match.finishedAt !== null, `${at}: never finished`);
        const parts = potPartsOf(state, match.matchId);
        const settled = settleMatch(parts, match.winners);
        same(match.pot, settled.pot, `${at}: pot`);
        same(parts.fees, match.entryFee * match.players.length, `${at}: entry fees`);
        same(parts.stakes, match.stake * match.players.length, `${at}: stakes`);
        const moved = state.transfers.filter((t) => t.matchId === match.matchId);
        same(
          moved.filter((t) => t.reason === 'rake').reduce((a, t) => a + t.amount, 0),
          settled.rake,
          `${at}: rake`,
        );
        same(
          moved.filter((t) => t.reason === 'payout').map((t) => ({ userId: t.userId, amount: t.amount })),
          settled.payouts,
          `${at}: payouts`,
        );
        invariant(!moved.some((t) => t.reason === 'entry_fee'), `${at}: an entry fee moved as a transfer`);
        rakes += settled.rake;
      }
    const house = await accountBalance(store, 'house');
    same(house, rakes, where('the house holds the rakes'));
    let total = house;
    for (const userId of players) {
      const wallet = await walletOf(store, userId);
      same(wallet.held, 0, where(`tokens held in the wallet of ${userId} at the end`));
      invariant(wallet.balance >= 0, where(`the wallet of ${userId} is below zero`));
      total += wallet.balance;
    }
    same(total, granted, where('tokens in the wallets and the house (conserved)'));
    const report = await platform.audit();
    same(report.violations, [], where('ledger audit violations'));
    invariant(report.ok, where('the ledger audit failed'));

    const played = states.flatMap((s) => Object.values(s.played));
    return {
      rooms: size,
      ...counts,
      finished: states.filter((s) => s.status === 'finished').length,
      cancelled: states.filter((s) => s.status === 'cancelled').length,
      crazyFinished: states.filter((s) => s.status === 'finished' && s.settings.game === 'crazy').length,
      withPot: played.filter((m) => m.pot > 0).length,
      forfeits: played.reduce((a, m) => a + m.leavers.length, 0),
      ties: played.filter((m) => m.winners.length > 1).length,
      refusedHolds: states.reduce((a, s) => a + s.holds.filter((x) => x.placement === 'refused').length, 0),
      rakes,
    };
  } finally {
    await h.stop();
  }
}
