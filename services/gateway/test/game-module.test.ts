/**
 * Adding a game takes its folder and one registry line: Tally exists only under the tests (support/tally/), is
 * registered here, and is played end to end through the gateway with the same rooms, money, history and replay
 * as every other room game.
 */
import { privateMatchChannel, type ServerMessage } from '@qal/events';
import { createGameRegistry, GAME_MODULES } from '@qal/game-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient } from './support/rooms.ts';
import { TALLY_TARGET, tallyModule } from './support/tally/module.ts';
import { connectSocket } from './support/ws-client.ts';

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
let base: string;
beforeAll(async () => {
  t = await startPlatform({ games: createGameRegistry([...GAME_MODULES, tallyModule]) });
  c = roomClient(t);
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});

const connect = (token: string) => connectSocket(base, token);
afterAll(async () => {
  await t?.close();
});

interface TallyView {
  mode: 'tally';
  total: number;
  current: string | null;
  winner: string | null;
}

const ENTRY_FEE = 5;
const STARTING_TOKENS = 100;

describe('a game registered by a test', () => {
  it('is created, started, played to the end and paid through the gateway, then found in history and replay', async () => {
    const host = await c.player('Almaz');
    const guest = await c.player('Dawit');
    const { room } = await c.ok<{ room: { code: string; matchId: string; game: string } }>('POST', '/rooms', host.token, {
      roomName: 'Tally night',
      game: 'tally',
      maxPlayers: 2,
      gameDuration: 'Normal',
      entryFee: ENTRY_FEE,
    });
    expect(room.game).toBe('tally');
    expect(room.matchId.startsWith('tally.')).toBe(true);

    await c.ok('POST', `/rooms/${room.code}/join`, guest.token, {});
    await c.ok('POST', `/rooms/${room.code}/ready`, host.token);
    await c.ok('POST', `/rooms/${room.code}/ready`, guest.token);
    const started = await c.ok<{ matchId: string }>('POST', `/rooms/${room.code}/start`, host.token);
    expect(started.matchId).toBe(room.matchId);

    const matchId = started.matchId;
    // The guest follows their own view of the match over the websocket, as for every room game.
    const guestWs = await connect(guest.token);
    const channel = privateMatchChannel(matchId, guest.id);
    guestWs.send({ type: 'subscribe', channel });
    await guestWs.next('subscribed', (m) => m.channel === channel);
    const viewOf = async (token: string) => (await c.ok<{ view: TallyView }>('GET', `/matches/${matchId}`, token)).view;
    const byId = new Map([host, guest].map((p) => [p.id, p]));

    // A move of another game and a move out of turn are named rejections; nothing changes.
    const wrongGame = await c.move(host.token, matchId, { type: 'guess', letter: 'a' });
    expect(wrongGame.json()).toMatchObject({ success: false, code: 'move_not_for_this_game' });
    const outOfTurn = await c.move(guest.token, matchId, { type: 'add', amount: 1 });
    expect(outOfTurn.json()).toMatchObject({ success: false, code: 'not_your_turn' });
    expect((await viewOf(host.token)).total).toBe(0);

    // Host adds 2 each turn, guest 1: 2, 3, 5, 6, 8, 9, then the host cannot add 2 (overshoot) and adds 1: 10.
    for (let step = 0; step < 20; step++) {
      const view = await viewOf(host.token);
      if (view.winner) break;
      const mover = byId.get(view.current!)!;
      const amount = mover === host && view.total + 2 <= TALLY_TARGET ? 2 : 1;
      await c.ok('POST', `/matches/${matchId}/moves`, mover.token, { type: 'add', amount });
    }
    const final = await viewOf(guest.token);
    expect(final).toMatchObject({ total: TALLY_TARGET, winner: host.id });
    const pushed = await guestWs.next(
      'push',
      (m: Extract<ServerMessage, { type: 'push' }>) => m.channel === channel && (m.data as TallyView).winner === host.id,
    );
    expect(pushed.data).toMatchObject({ mode: 'tally', total: TALLY_TARGET, me: guest.id });
    guestWs.close();

    // The room settles: the winner takes the pot (both entry fees) less the house's rake (10 %, rounded down: 1);
    // the match is in both players' history and replays.
    await c.eventually(
      () => c.ok<{ room: { status: string } }>('GET', `/rooms/${room.code}`, host.token),
      ({ room: r }) => r.status === 'finished',
      'the room finished',
    );
    const hostWallet = await c.eventually(
      () => c.wallet(host.token),
      (w) => w.held === 0,
      'the holds resolved',
    );
    const guestWallet = await c.wallet(guest.token);
    expect(hostWallet.balance + guestWallet.balance).toBe(2 * STARTING_TOKENS - 1);
    expect(hostWallet.balance).toBe(STARTING_TOKENS - ENTRY_FEE + 2 * ENTRY_FEE - 1);
    expect(guestWallet.balance).toBe(STARTING_TOKENS - ENTRY_FEE);
    const history = await c.eventually(
      () => c.ok<{ items: { matchId: string; game: string; result: string }[] }>('GET', '/matches?mine=1', guest.token),
      (h) => h.items.some((i) => i.matchId === matchId),
      'the match in history',
    );
    expect(history.items.find((i) => i.matchId === matchId)).toMatchObject({ game: 'tally', result: 'lost' });
    const replay = await c.ok<{ kind: string; final: TallyView; steps: unknown[] }>('GET', `/matches/${matchId}/replay`, guest.token);
    expect(replay.kind).toBe('tally');
    expect(replay.final.total).toBe(TALLY_TARGET);
    expect(replay.steps.length).toBeGreaterThan(5);
  });

  it('is unknown to a platform that did not register it', async () => {
    const other = await startPlatform();
    try {
      const { token } = await other.signIn();
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/v1/rooms',
        headers: { authorization: `Bearer ${token}` },
        payload: { roomName: 'Tally night', game: 'tally', maxPlayers: 2, gameDuration: 'Normal' },
      });
      expect(response.json()).toMatchObject({ success: false, code: 'unknown_game' });
    } finally {
      await other.close();
    }
  });
});
