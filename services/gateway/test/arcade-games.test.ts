/**
 * The arcade's games through the gateway, as a player's phone plays them: the paid start, moves, the server's clock,
 * the result with the seed revealed, the reward in the wallet, the game in stats, on the boards and in the wallet's
 * history; and a Codebreaker race in a room with a bet, paid out and replayed. The test reads each game's secret
 * from the event store (as only the engine may) to play it.
 */
import { createHash } from 'node:crypto';
import { matchStreamId, type ArcadeView, type CodeRaceView } from '@qal/events';
import { auditSource } from '@qal/ledger/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient, type Player } from './support/rooms.ts';

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
});
afterAll(async () => {
  await t?.close();
});

const START_TOKENS = 100;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

async function secretOf(matchId: string, type: string): Promise<Record<string, unknown>> {
  const events = await t.platform.store.readStream(matchStreamId(matchId));
  const started = events.find((e) => e.type === type);
  if (!started) throw new Error(`${matchId} has no ${type}`);
  return started.data;
}

const play = (p: Player, slug: string, options: Record<string, unknown> = {}) =>
  c.ok<{ matchId: string; view: ArcadeView }>('POST', `/games/${slug}/play`, p.token, { options });
const move = async (p: Player, matchId: string, body: Record<string, unknown>) =>
  (await c.ok<{ view: ArcadeView }>('POST', `/matches/${matchId}/moves`, p.token, body)).view;
const balance = async (p: Player) => (await c.wallet(p.token)).balance;

function expectRevealed(start: ArcadeView, end: ArcadeView) {
  expect(start.fairness.serverSeed).toBeNull();
  expect(end.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(sha256(end.fairness.serverSeed!)).toBe(start.fairness.commitment);
}

describe('the arcade games through the gateway', () => {
  it('Codebreaker: a game won at once pays its reward, reveals the seed, and is counted in stats and on the board', async () => {
    const player = await c.player('Selam');
    const { matchId, view } = await play(player, 'codebreaker', { level: 'easy' });
    expect(view).toMatchObject({ game: 'codebreaker', status: 'playing', cost: 5 });
    const { code } = (await secretOf(matchId, 'CodebreakerStarted')) as { code: string };
    expect(JSON.stringify(view)).not.toContain(`"${code}"`);
    const wrongLength = await c.move(player.token, matchId, { type: 'guess_code', digits: '12345' });
    expect(wrongLength.statusCode).toBe(422);
    expect(wrongLength.json()).toMatchObject({ code: 'guess_wrong_length' });
    const end = await move(player, matchId, { type: 'guess_code', digits: code });
    expect(end.status).toBe('won');
    expectRevealed(view, end);
    expect(end.outcome!.tokens).toBeGreaterThan(0);
    expect(await balance(player)).toBe(START_TOKENS - 5 + end.outcome!.tokens);
    await c.eventually(
      () => c.ok<{ overall_stats: { games_played: number } }>('GET', '/user/stats', player.token),
      (s) => s.overall_stats.games_played === 1,
      'the game in the stats',
    );
    const transactions = await c.ok<{ items: { reason: string; matchId: string | null }[] }>('GET', '/wallet/transactions', player.token);
    expect(
      transactions.items
        .filter((tx) => tx.matchId === matchId)
        .map((tx) => tx.reason)
        .sort(),
    ).toEqual(['game_fee', 'reward']);
  });

  it('Mines: a cash-out pays by the multiplier; a mine loses everything; a tile twice is refused', async () => {
    const player = await c.player('Dawit');
    const first = await play(player, 'mines', { mines: 3 });
    const { mines } = (await secretOf(first.matchId, 'MinesStarted')) as { mines: number[] };
    const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
    await move(player, first.matchId, { type: 'reveal', tile: safe[0] });
    const again = await c.move(player.token, first.matchId, { type: 'reveal', tile: safe[0] });
    expect(again.json()).toMatchObject({ success: false, code: 'tile_already_revealed' });
    await move(player, first.matchId, { type: 'reveal', tile: safe[1] });
    const cashed = await move(player, first.matchId, { type: 'cash_out' });
    expect(cashed.status).toBe('won');
    expectRevealed(first.view, cashed);

    const second = await play(player, 'mines', { mines: 3 });
    const { mines: bombs } = (await secretOf(second.matchId, 'MinesStarted')) as { mines: number[] };
    const nothing = await c.move(player.token, second.matchId, { type: 'cash_out' });
    expect(nothing.json()).toMatchObject({ success: false, code: 'nothing_to_cash_out' });
    const boom = await move(player, second.matchId, { type: 'reveal', tile: bombs[0] });
    expect(boom).toMatchObject({ status: 'lost', outcome: { tokens: 0 } });
    expect(await balance(player)).toBe(START_TOKENS - 2 + cashed.outcome!.tokens);
  });

  it('Sum Chaser: the first call right, then a cash-out', async () => {
    const player = await c.player('Hana');
    const { matchId, view } = await play(player, 'sum-chaser');
    const { digits } = (await secretOf(matchId, 'SumChaserStarted')) as { digits: number[] };
    const line = (view.play as { line: number }).line;
    const afterCall = await move(player, matchId, { type: 'predict', call: digits[0]! > line ? 'over' : 'under' });
    expect(afterCall.status).toBe('playing');
    const end = await move(player, matchId, { type: 'cash_out' });
    expect(end.status).toBe('won');
    expectRevealed(view, end);
  });

  it(
    'Math Sprint: right answers score, a non-number is refused, and the game ends on the server’s clock',
    { timeout: 30_000 },
    async () => {
      const player = await c.player('Abel');
      const { matchId, view } = await play(player, 'math-sprint', { level: 'easy' });
      const { problems } = (await secretOf(matchId, 'MathSprintStarted')) as { problems: { answer: number }[] };
      const bad = await c.move(player.token, matchId, { type: 'math_answer', problem: 0, value: 'seven' });
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      for (let i = 0; i < 12; i++) await move(player, matchId, { type: 'math_answer', problem: i, value: problems[i]!.answer });
      t.clock.advance(61_000);
      const late = await c.move(player.token, matchId, { type: 'math_answer', problem: 12, value: problems[12]!.answer });
      expect(late.json()).toMatchObject({ success: false });
      const end = (await c.ok<{ view: ArcadeView }>('GET', `/matches/${matchId}`, player.token)).view;
      expect(end.status).toBe('won');
      expect(end.outcome!.score).toBeGreaterThan(0);
      expectRevealed(view, end);
    },
  );

  it('Rapid Recall: input during the showing is refused; the sequence recalled in its window scores', { timeout: 30_000 }, async () => {
    const player = await c.player('Tsion');
    const { matchId, view } = await play(player, 'rapid-recall', { kind: 'digit' });
    const { sequences } = (await secretOf(matchId, 'RapidRecallStarted')) as { sequences: string[][] };
    const round = sequences[0]!.slice(0, 3);
    const early = await c.move(player.token, matchId, { type: 'recall', round: 1, items: round });
    expect(early.json()).toMatchObject({ success: false, code: 'still_showing' });
    t.clock.advance(1_500 + 3 * 1_000 + 100);
    const after = await move(player, matchId, { type: 'recall', round: 1, items: round });
    expect((after.play as { score: number }).score).toBeGreaterThan(0);
    expect(JSON.stringify(after.play)).not.toContain(JSON.stringify(sequences[1]!.slice(0, 4)));
    expect(view.status).toBe('playing');
  });
});

describe('a Codebreaker race in a room', () => {
  it(
    'is raced with a bet, paid to the winner, in both players’ history and in the replay; the ledger audit is clean',
    { timeout: 30_000 },
    async () => {
      const host = await c.player('Almaz');
      const guest = await c.player('Bekele');
      const { room } = await c.ok<{ room: { code: string; matchId: string } }>('POST', '/rooms', host.token, {
        roomName: 'Code night',
        game: 'codebreaker',
        maxPlayers: 2,
        gameDuration: 'Normal',
        entryFee: 5,
      });
      await c.ok('POST', `/rooms/${room.code}/join`, guest.token, {});
      await c.ok('POST', `/rooms/${room.code}/bets`, host.token, { amount: 10 });
      await c.ok('POST', `/rooms/${room.code}/bets/respond`, guest.token, { accept: true });
      await c.ok('POST', `/rooms/${room.code}/ready`, host.token);
      await c.ok('POST', `/rooms/${room.code}/ready`, guest.token);
      const { matchId } = await c.ok<{ matchId: string }>('POST', `/rooms/${room.code}/start`, host.token);
      expect(matchId.startsWith('codebreaker-race.')).toBe(true);
      const { code } = (await secretOf(matchId, 'CodeRaceStarted')) as { code: string };
      const wrong = code.slice(1) + code[0];

      await c.ok('POST', `/matches/${matchId}/moves`, guest.token, { type: 'guess_code', digits: wrong });
      const hostSees = (await c.ok<{ view: CodeRaceView }>('GET', `/matches/${matchId}`, host.token)).view;
      expect(hostSees.players.find((p) => p.id === guest.id)!.guesses[0]).toMatchObject({ digits: null, exact: 0, misplaced: 4 });
      await c.ok('POST', `/matches/${matchId}/moves`, host.token, { type: 'guess_code', digits: code });
      for (let i = 1; i < 7; i++) await c.ok('POST', `/matches/${matchId}/moves`, guest.token, { type: 'guess_code', digits: wrong });
      const final = (await c.ok<{ view: CodeRaceView }>('GET', `/matches/${matchId}`, guest.token)).view;
      expect(final).toMatchObject({ status: 'finished', winners: [host.id], code });

      const hostWallet = await c.eventually(
        () => c.wallet(host.token),
        (w) => w.held === 0 && w.balance > START_TOKENS,
        'the payout',
      );
      const guestWallet = await c.wallet(guest.token);
      expect(guestWallet.balance).toBe(START_TOKENS - 5 - 10);
      expect(hostWallet.balance + guestWallet.balance).toBeLessThanOrEqual(2 * START_TOKENS);
      expect(hostWallet.balance).toBeGreaterThan(START_TOKENS + 10 - 5 - 1);

      const history = await c.eventually(
        () => c.ok<{ items: { matchId: string; result: string }[] }>('GET', '/matches?mine=1', guest.token),
        (h) => h.items.some((i) => i.matchId === matchId),
        'the race in the history',
      );
      expect(history.items.find((i) => i.matchId === matchId)!.result).toBe('lost');
      const replay = await c.ok<{ kind: string; steps: { view: CodeRaceView }[] }>('GET', `/matches/${matchId}/replay`, host.token);
      expect(replay.kind).toBe('codebreaker-race');
      expect(replay.steps.at(-1)!.view.players.flatMap((p) => p.guesses.map((g) => g.digits))).toContain(wrong);

      // The race counts in both players' statistics under Codebreaker, a win for the host.
      const stats = await c.eventually(
        () => c.ok<{ by_game: Record<string, { games_played: number; wins: number }> }>('GET', '/user/stats', host.token),
        (s) => (s.by_game.codebreaker?.games_played ?? 0) >= 1,
        'the race in the stats',
      );
      expect(stats.by_game.codebreaker).toMatchObject({ games_played: 1, wins: 1 });

      const report = await auditSource(
        { description: 'arcade', db: t.platform.db, store: t.platform.store, close: async () => undefined },
        { statements: false },
      );
      expect(report.violations).toEqual([]);
    },
  );
});
