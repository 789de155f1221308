import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid, type ArcadeView } from '@qal/events';
import { createGameRegistry, hangmanModule, matchStreamId, rewardTransferId } from '../src/index.ts';
import { PLAY_REQUEST_STALE_MS } from '../src/config.ts';
import { at, command, data, startEngine, type EngineHarness } from './support.ts';
import { COIN_CALL_COST, COIN_CALL_DAILY_LIMIT, COIN_CALL_TURN_MS, coinCallModule } from './support/coin-call.ts';

let h: EngineHarness;
let users = 0;
const games = createGameRegistry([hangmanModule, coinCallModule]);

beforeAll(async () => {
  h = await startEngine({ games });
});
afterAll(async () => {
  await h?.close();
});

const newPlayer = (tokens = 100) => {
  const userId = `arcade-player-${++users}`;
  h.ledger.fund(userId, tokens);
  return userId;
};
const newMatchId = () => `${coinCallModule.id}.${newUuid()}`;

const play = (userId: string, issuedAt = at(0), matchId = newMatchId(), options: Record<string, unknown> = {}, commandId?: string) =>
  h.engine.handle(command('PlayArcade', userId, { matchId, userId, game: coinCallModule.id, options }, issuedAt, commandId));

const call = (userId: string, matchId: string, side: 'heads' | 'tails', issuedAt: string, commandId?: string) =>
  h.engine.handle(command('MakeMove', userId, { matchId, userId, move: { type: 'call_coin', call: side } }, issuedAt, commandId));

async function start(userId: string, issuedAt = at(0)) {
  const outcome = await play(userId, issuedAt);
  return data(outcome) as { matchId: string; view: ArcadeView };
}

/** The coins as only the engine may read them (the test's look behind the curtain). */
async function coinsOf(matchId: string): Promise<('heads' | 'tails')[]> {
  const events = await h.store.readStream(matchStreamId(matchId));
  return events.find((e) => e.type === 'CoinsFlipped')!.data.coins as ('heads' | 'tails')[];
}
const other = (side: 'heads' | 'tails') => (side === 'heads' ? 'tails' : 'heads');
const viewOf = (outcome: Awaited<ReturnType<typeof call>>) => data(outcome).view as ArcadeView;

describe('the arcade: the paid start', () => {
  it('charges the cost, publishes a commitment only, and hides the chance until the end', async () => {
    const userId = newPlayer();
    const { matchId, view } = await start(userId);
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST);
    expect(view).toMatchObject({ mode: 'arcade', game: 'mines', status: 'playing', cost: COIN_CALL_COST, outcome: null });
    expect(view.fairness).toMatchObject({ nonce: 0, serverSeed: null });
    expect(view.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.play).toEqual({ calls: [] });
    expect(Date.parse(view.deadline!) - Date.parse(view.startedAt)).toBe(COIN_CALL_TURN_MS);
    const stored = await h.store.readStream(matchStreamId(matchId));
    const seed = String(stored[0]!.data.serverSeed);
    expect(JSON.stringify(view)).not.toContain(seed);
  });

  it('counts the player’s nonce and keeps their client seed from game to game', async () => {
    const userId = newPlayer();
    const first = await start(userId);
    const second = await start(userId);
    expect(second.view.fairness.nonce).toBe(first.view.fairness.nonce + 1);
    expect(second.view.fairness.clientSeed).toBe(first.view.fairness.clientSeed);
    expect(second.view.fairness.commitment).not.toBe(first.view.fairness.commitment);
  });

  it('starts once and charges once when the same start is sent twice at once', async () => {
    const userId = newPlayer();
    const matchId = newMatchId();
    const commandId = newUuid();
    const [a, b] = await Promise.all([play(userId, at(0), matchId, {}, commandId), play(userId, at(0), matchId, {}, commandId)]);
    expect(data(a).matchId).toBe(matchId);
    expect(data(b).matchId).toBe(matchId);
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST);
  });

  it('refuses a start without enough tokens, charging nothing and giving the day’s play back', async () => {
    const userId = newPlayer(COIN_CALL_COST - 1);
    const outcome = await play(userId);
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'insufficient_tokens' });
    h.ledger.fund(userId, 100);
    for (let i = 0; i < COIN_CALL_DAILY_LIMIT; i++) await start(userId);
    expect(await play(userId)).toMatchObject({ status: 'rejected', reason: 'daily_limit_reached' });
  });

  it('holds the daily limit when starts race', async () => {
    const userId = newPlayer();
    const outcomes = await Promise.all(Array.from({ length: COIN_CALL_DAILY_LIMIT + 2 }, () => play(userId)));
    expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(COIN_CALL_DAILY_LIMIT);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason === 'daily_limit_reached')).toHaveLength(2);
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_DAILY_LIMIT * COIN_CALL_COST);
    const nonces = await Promise.all(
      outcomes.filter((o) => o.status === 'succeeded').map(async (o) => (data(o).view as ArcadeView).fairness.nonce),
    );
    expect(new Set(nonces).size).toBe(COIN_CALL_DAILY_LIMIT);
  });

  it('refuses options the game does not accept, and a match id of another game', async () => {
    const userId = newPlayer();
    expect(await play(userId, at(0), newMatchId(), { bias: 1 })).toMatchObject({ status: 'rejected', reason: 'invalid_game_options' });
    expect(await play(userId, at(0), `hangman.${newUuid()}`)).toMatchObject({ status: 'rejected', reason: 'invalid_command' });
    expect(h.ledger.wallet(userId)).toBe(100);
  });
});

describe('the arcade: play, reveal and reward', () => {
  it('a won game reveals the seed that hashes to the commitment and pays the reward once', async () => {
    const userId = newPlayer();
    const { matchId, view } = await start(userId);
    const coins = await coinsOf(matchId);
    let last = view;
    for (let i = 0; i < 3; i++) last = viewOf(await call(userId, matchId, coins[i]!, at(1000 * (i + 1))));
    expect(last).toMatchObject({ status: 'won', outcome: { score: 300, tokens: 3, xp: 8 }, deadline: null });
    expect(last.play).toMatchObject({ coins });
    const seed = last.fairness.serverSeed!;
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(view.fairness.commitment);
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST + 3);
    expect(h.ledger.movements().filter((m) => m.transferId === rewardTransferId(matchId))).toHaveLength(1);
    expect(await call(userId, matchId, 'heads', at(5000))).toMatchObject({ status: 'rejected', reason: 'game_over' });
  });

  it('two calls at once are decided one after the other, and a retried call is not counted twice', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId);
    const coins = await coinsOf(matchId);
    const commandId = newUuid();
    const [a, b] = await Promise.all([
      call(userId, matchId, coins[0]!, at(1000), commandId),
      call(userId, matchId, coins[0]!, at(1000), commandId),
    ]);
    expect(viewOf(a).play).toEqual({ calls: [{ call: coins[0], right: true }] });
    expect(viewOf(b).play).toEqual({ calls: [{ call: coins[0], right: true }] });
  });

  it('a lost game pays nothing; a bad move and another player’s move change nothing', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId);
    const coins = await coinsOf(matchId);
    const stranger = newPlayer();
    expect(await call(stranger, matchId, 'heads', at(500))).toMatchObject({ status: 'rejected', reason: 'not_your_match' });
    const bad = await h.engine.handle(command('MakeMove', userId, { matchId, userId, move: { type: 'call_coin', call: 'edge' } }, at(600)));
    expect(bad).toMatchObject({ status: 'rejected', reason: 'move_not_for_this_game' });
    await call(userId, matchId, other(coins[0]!), at(1000));
    const lost = viewOf(await call(userId, matchId, other(coins[1]!), at(2000)));
    expect(lost).toMatchObject({ status: 'lost', outcome: { tokens: 0 } });
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST);
  });

  it('a call after the deadline is refused and the game ends on time; the sweeper ends idle games', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId);
    const lateCall = newUuid();
    const late = await call(userId, matchId, 'heads', at(COIN_CALL_TURN_MS + 1), lateCall);
    expect(late).toMatchObject({ status: 'rejected', reason: 'game_over' });
    // the same call again (its answer lost): refused again, not answered as a call that was played
    expect(await call(userId, matchId, 'heads', at(COIN_CALL_TURN_MS + 3), lateCall)).toMatchObject({
      status: 'rejected',
      reason: 'game_over',
    });
    const read = await h.engine.queries.arcadeView(matchId, userId, new Date(at(COIN_CALL_TURN_MS + 2)));
    expect(read).toMatchObject({ status: 'lost' });
    expect(read!.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);

    const idle = newPlayer();
    const second = await start(idle, at(0));
    await h.engine.sweep(new Date(at(COIN_CALL_TURN_MS - 1)));
    expect(await h.engine.queries.arcadeView(second.matchId, idle, new Date(at(COIN_CALL_TURN_MS - 1)))).toMatchObject({
      status: 'playing',
    });
    await h.engine.sweep(new Date(at(COIN_CALL_TURN_MS + 5)));
    expect(await h.engine.queries.arcadeView(second.matchId, idle, new Date(at(COIN_CALL_TURN_MS + 5)))).toMatchObject({ status: 'lost' });
  });

  it('a reward the ledger could not pay is paid by the sweeper, once', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId);
    const coins = await coinsOf(matchId);
    await call(userId, matchId, coins[0]!, at(1000));
    await call(userId, matchId, coins[1]!, at(2000));
    h.ledger.failNext('before');
    expect(viewOf(await call(userId, matchId, coins[2]!, at(3000)))).toMatchObject({ status: 'won' });
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST);
    await h.engine.sweep(new Date(at(60_000)));
    await h.engine.sweep(new Date(at(70_000)));
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST + 3);
  });

  it('a start left half-done is abandoned and its fee refunded in full', async () => {
    const userId = newPlayer();
    h.ledger.failNext('after');
    const matchId = newMatchId();
    await expect(play(userId, at(0), matchId)).rejects.toThrow();
    expect(h.ledger.wallet(userId)).toBe(100 - COIN_CALL_COST);
    await h.engine.sweep(new Date(at(PLAY_REQUEST_STALE_MS + 1)));
    expect(h.ledger.wallet(userId)).toBe(100);
    expect(await play(userId, at(PLAY_REQUEST_STALE_MS + 2), matchId)).toMatchObject({ status: 'rejected', reason: 'play_abandoned' });
  });
});

describe('the arcade: the player’s client seed', () => {
  it('is drawn at the first game, can be replaced, and must be 1–64 of [A-Za-z0-9_-]', async () => {
    const userId = newPlayer();
    expect(await h.engine.queries.fairness(userId)).toEqual({ clientSeed: null, nextNonce: 0 });
    const { view } = await start(userId);
    expect(view.fairness.clientSeed).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const set = await h.engine.handle(command('SetClientSeed', userId, { userId, clientSeed: 'lucky-7' }, at(10)));
    expect(data(set)).toEqual({ clientSeed: 'lucky-7', nextNonce: 1 });
    expect((await start(userId, at(20))).view.fairness).toMatchObject({ clientSeed: 'lucky-7', nonce: 1 });
    const bad = await h.engine.handle(command('SetClientSeed', userId, { userId, clientSeed: 'no spaces:' }, at(30)));
    expect(bad).toMatchObject({ status: 'rejected', reason: 'invalid_client_seed' });
  });
});
