/**
 * Crazy in a room over the HTTP API and /ws: two players create, join, bet and start a Crazy room, play
 * it to the end with moves decided from their own views, one player's socket receiving the views the other's
 * moves cause; a Crazy rejection in Amharic; the payout, both histories and the replay with every hand shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@qal/events';
import { crazy } from '@qal/game-engine';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient, type Player } from './support/rooms.ts';
import { connectSocket } from './support/ws-client.ts';

type CrazyView = crazy.CrazyView;

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
let base: string;
beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

const connect = (token: string) => connectSocket(base, token);

type Push = Extract<ServerMessage, { type: 'push' }>;

const view = async (p: Player, matchId: string) => (await c.ok<{ view: CrazyView }>('GET', `/matches/${matchId}`, p.token)).view;

/** A card that fits the pile as the viewer sees it (no chain on). */
const fits = (v: CrazyView, id: string) => {
  const card = crazy.cardOf(id);
  return v.top === null || card.rank === '8' || card.rank === 'J' || card.suit === v.suit || card.rank === v.top.rank;
};

/** The next move of `p` on their turn, from their own view (say Qeregn with one card; stack, play, draw, pass). */
function nextMove(v: CrazyView): Record<string, unknown> {
  if (v.penalty > 0) {
    const stack = v.hand.find((card) => v.top !== null && crazy.stacksOn(crazy.cardOf(v.top.id), crazy.cardOf(card.id)));
    return stack ? { type: 'play', cards: [stack.id] } : { type: 'face_penalty' };
  }
  const card = v.hand.find((h) => fits(v, h.id));
  if (card) {
    const wild = card.rank === '8' || card.rank === 'J';
    return wild && !v.suitLocked
      ? { type: 'play', cards: [card.id], suit: v.hand.find((h) => h.id !== card.id)?.suit ?? card.suit }
      : { type: 'play', cards: [card.id] };
  }
  if (!v.hasDrawn && !v.canPassWithoutDrawing) return { type: 'draw' };
  return { type: 'pass' };
}

describe('Crazy in a room over HTTP and /ws', () => {
  it('two players bet on and play a whole Crazy match; views are pushed per player; rejections in Amharic; payout, history, replay', async () => {
    const host = await c.player('Abebe');
    const guest = await c.player('Saba', 'am');
    const before = { host: await c.wallet(host.token), guest: await c.wallet(guest.token) };

    // Crazy is no single-player game: there is no start for it outside a room.
    expect((await c.call('POST', '/games/crazy/play', host.token, { language: 'en' })).statusCode).toBe(404);
    const tooCheap = await c.call('POST', '/rooms', host.token, {
      roomName: 'Cheap',
      game: 'crazy',
      maxPlayers: 2,
      gameDuration: 'normal',
      entryFee: 10,
    });
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json()).toMatchObject({ success: false, code: 'invalid_room_settings' });

    const { room } = await c.ok<{ room: { code: string; game: string; entryFee: number } }>('POST', '/rooms', host.token, {
      roomName: 'Crazy Friday',
      game: 'crazy',
      maxPlayers: 4,
      gameDuration: 'normal',
      entryFee: 15,
    });
    expect(room).toMatchObject({ game: 'crazy', entryFee: 15 });
    const { code } = room;
    await c.ok('POST', `/rooms/${code}/join`, guest.token);
    await c.ok('POST', `/rooms/${code}/ready`, host.token);
    await c.ok('POST', `/rooms/${code}/ready`, guest.token);
    await c.ok('POST', `/rooms/${code}/bets`, host.token, { amount: 10 });
    await c.ok('POST', `/rooms/${code}/bets/respond`, guest.token, { accept: true });
    const { matchId } = await c.ok<{ matchId: string }>('POST', `/rooms/${code}/start`, host.token);

    // Each player sees their own hand and the other's count only.
    const hostView = await view(host, matchId);
    const guestView = await view(guest, matchId);
    expect(hostView).toMatchObject({ mode: 'crazy', matchId, status: 'playing', viewerId: host.id });
    expect(hostView.counts[guest.id]).toBe(guestView.hand.length);
    expect(hostView.hands).toBeUndefined();
    for (const card of guestView.hand) expect(JSON.stringify(hostView)).not.toContain(`"${card.id}"`);
    const { room: during } = await c.ok<{ room: { status: string }; match?: CrazyView }>('GET', `/rooms/${code}`, guest.token);
    expect(during.status).toBe('in_progress');

    // The guest follows their own view over the socket; the host's view is not theirs.
    const guestWs = await connect(guest.token);
    const guestChannel = `match:${matchId}:${guest.id}`;
    guestWs.send({ type: 'subscribe', channel: `match:${matchId}:${host.id}` });
    expect(await guestWs.next('error', (m) => m.channel === `match:${matchId}:${host.id}`)).toMatchObject({ code: 'forbidden_channel' });
    guestWs.send({ type: 'subscribe', channel: guestChannel });
    const subscribed = await guestWs.next('subscribed', (m) => m.channel === guestChannel);
    expect(subscribed.snapshot).toMatchObject({ mode: 'crazy', viewerId: guest.id, hand: guestView.hand });

    const players = { [host.id]: host, [guest.id]: guest };
    const first = players[hostView.turn!]!;
    const other = first === host ? guest : host;

    // Rejections by name with the game's own status and words: a pass before drawing, in Amharic; a bad body.
    const early = await c.move(first.token, matchId, { type: 'pass' }, { 'accept-language': 'am' });
    expect(early.statusCode).toBe(crazy.CRAZY_REJECTION_HTTP_STATUS.draw_first);
    expect(early.json()).toMatchObject({ success: false, code: 'draw_first', message: crazy.CRAZY_REJECTION_MESSAGES.draw_first.am });
    const outOfTurn = await c.move(other.token, matchId, { type: 'draw' }, { 'accept-language': 'en' });
    expect(outOfTurn.json()).toMatchObject({ success: false, code: 'not_your_turn' });
    expect((await c.move(first.token, matchId, { type: 'play', cards: [] })).statusCode).toBe(400);
    expect((await c.move(first.token, matchId, { type: 'guess', letter: 'a' })).json()).toMatchObject({
      success: false,
      code: 'move_not_for_this_game',
    });

    // The host's move over HTTP reaches the guest's socket as the guest's own view, versioned above the snapshot.
    // (Should the guest open, they play until it is the host's turn.)
    for (let i = 0; i < 20 && (await view(host, matchId)).turn === guest.id; i += 1) {
      await c.ok('POST', `/matches/${matchId}/moves`, guest.token, nextMove(await view(guest, matchId)));
    }
    const hostTurn = await view(host, matchId);
    expect(hostTurn.turn).toBe(host.id);
    const { view: afterHost } = await c.ok<{ view: CrazyView }>('POST', `/matches/${matchId}/moves`, host.token, nextMove(hostTurn));
    // The table after the host's move (a draw keeps the turn number, so the whole public table is compared).
    const table = (v: CrazyView) => JSON.stringify([v.turnNumber, v.turn, v.top, v.counts, v.hasDrawn, v.penalty, v.suit]);
    const pushed = await guestWs.next(
      'push',
      (m) =>
        m.channel === guestChannel &&
        m.event === 'view' &&
        m.version > subscribed.version &&
        table(m.data as CrazyView) === table(afterHost),
    );
    expect(pushed.data).toMatchObject({ mode: 'crazy', viewerId: guest.id });
    expect((pushed.data as CrazyView).hand).toEqual((await view(guest, matchId)).hand);

    // Play on to the end, each from their own view; a player left with one card says Qeregn at once.
    let final: CrazyView | null = null;
    let movedOverSocket = false;
    for (let i = 0; i < 1_500 && !final; i += 1) {
      for (const p of [host, guest]) {
        const mine = await view(p, matchId);
        if (mine.status === 'finished') final = mine;
        else if (mine.hand.length === 1 && !mine.saidQeregn[p.id])
          await c.ok('POST', `/matches/${matchId}/moves`, p.token, { type: 'qeregn' });
      }
      if (final) break;
      const current = await view(host, matchId);
      const mover = players[current.turn!]!;
      const next = nextMove(await view(mover, matchId));
      if (mover === guest && !movedOverSocket) {
        // The same moves over the socket: `match.move` answers the mover's own view.
        const id = `move-${i}`;
        guestWs.send({ type: 'command', id, name: 'match.move', payload: { matchId, ...next } });
        expect(await guestWs.next('result', (m) => m.id === id)).toMatchObject({
          ok: true,
          data: { view: { mode: 'crazy', viewerId: guest.id } },
        });
        movedOverSocket = true;
      } else await c.ok('POST', `/matches/${matchId}/moves`, mover.token, next);
    }
    expect(final).toMatchObject({ status: 'finished', endReason: 'emptied_hand' });
    expect(movedOverSocket).toBe(true);
    const winner = players[final!.winner!]!;
    const loser = winner === host ? guest : host;

    // The guest's socket saw the end too.
    await guestWs.next('push', (m: Push) => m.channel === guestChannel && (m.data as CrazyView).status === 'finished');
    guestWs.close();

    // The pot (2 entry fees of 15 and 2 stakes of 10: 50) goes to the winner less the rake (10 % of the fees: 3).
    const paid = (p: Player, w: { balance: number }) => w.balance - (p === host ? before.host.balance : before.guest.balance);
    const after = await c.eventually(
      async () => ({ w: await c.wallet(winner.token), l: await c.wallet(loser.token) }),
      ({ w, l }) => w.held === 0 && l.held === 0 && paid(winner, w) === 47 - 15 - 10,
      'the payout',
    );
    expect(paid(loser, after.l)).toBe(-25);

    // Both histories show the match; the replay shows every hand at every step.
    const history = await c.eventually(
      () => c.ok<{ items: { matchId: string; game: string; result: string; tokens: number }[] }>('GET', '/matches?mine=1', winner.token),
      (h) => h.items.some((i) => i.matchId === matchId),
      'the history',
    );
    expect(history.items.find((i) => i.matchId === matchId)).toMatchObject({ game: 'crazy', result: 'won', tokens: 47 - 15 - 10 });
    const lost = await c.ok<{ items: { matchId: string; result: string }[] }>('GET', '/matches?mine=1', loser.token);
    expect(lost.items.find((i) => i.matchId === matchId)).toMatchObject({ result: 'lost' });
    const replay = await c.ok<{ kind: string; steps: { kind: string; view: CrazyView }[]; final: CrazyView }>(
      'GET',
      `/matches/${matchId}/replay`,
      loser.token,
    );
    expect(replay.kind).toBe('crazy');
    expect(replay.steps[0]).toMatchObject({ kind: 'start' });
    expect(Object.keys(replay.steps[0]!.view.hands!).sort()).toEqual([host.id, guest.id].sort());
    expect(replay.steps.at(-1)).toMatchObject({ kind: 'end' });
    expect(replay.final.winner).toBe(winner.id);
  }, 120_000);
});
