import { comparePositions } from '@qal/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient, type DuelView, type Player } from './support/rooms.ts';

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
});
afterAll(async () => {
  await t?.close();
});

interface RoomPlayer {
  id: string;
  name: string;
  username: string | null;
  avatar: string | null;
  badge: string | null;
  status: string;
  ready: boolean;
  online: boolean;
}
interface Room {
  code: string;
  roomName: string;
  status: string;
  private: boolean;
  hostId: string;
  hostName: string;
  host: { id: string; name: string };
  matchId: string;
  entryFee: number;
  penalty: number;
  prize: number;
  players: RoomPlayer[];
  bet: null | { amount: number; status: string; acceptedBy: string[]; proposedBy: string; proposedByName: string; pot: number };
}

const CODE = /^[A-HJ-NP-Z2-9]{6}$/;
const ENTRY_FEE = 10;
const STARTING_TOKENS = 100;

const roomOf = async (token: string, code: string) => await c.ok<{ room: Room; match: DuelView | null }>('GET', `/rooms/${code}`, token);
const statusOf = (room: Room, id: string) => room.players.find((p) => p.id === id)?.status;

describe('rooms over HTTP: two players', () => {
  it('create, join by code, ready with the fee held, bet, start, play to the end, pay the pot, history and replay', async () => {
    const host = await c.player('Abebe');
    const guest = await c.player('Bethel');

    const created = await c.call('POST', '/rooms', host.token, {
      roomName: 'Evening duel',
      game: 'hangman',
      maxPlayers: 2,
      gameDuration: 'Normal',
      entryFee: ENTRY_FEE,
    });
    expect(created.statusCode).toBe(200);
    const { room } = created.json().data as { room: Room };
    expect(room.code).toMatch(CODE);
    expect(room).toMatchObject({
      roomName: 'Evening duel',
      status: 'waiting',
      private: false,
      hostId: host.id,
      hostName: 'Abebe',
      entryFee: ENTRY_FEE,
      penalty: 0,
    });
    expect(room.host).toMatchObject({ id: host.id, name: 'Abebe', username: host.username });
    expect(room.players).toEqual([expect.objectContaining({ id: host.id, name: 'Abebe', status: 'joined', ready: false })]);

    // A public room is in the lobby; both see it in their own list once joined.
    const lobby = await c.ok<{ rooms: Room[] }>('GET', '/rooms', guest.token);
    expect(lobby.rooms.map((r) => r.code)).toContain(room.code);

    const joined = await c.ok<{ room: Room }>('POST', `/rooms/${room.code.toLowerCase()}/join`, guest.token, {});
    expect(joined.room.players.map((p) => [p.name, p.status])).toEqual([
      ['Abebe', 'joined'],
      ['Bethel', 'joined'],
    ]);
    expect((await c.ok<{ rooms: Room[] }>('GET', '/rooms?mine=1', guest.token)).rooms.map((r) => r.code)).toContain(room.code);

    // Ready holds the entry fee; not ready gives it back; ready again.
    const ready = await c.ok<{ room: Room }>('POST', `/rooms/${room.code}/ready`, host.token);
    expect(statusOf(ready.room, host.id)).toBe('ready');
    expect(ready.room.players.find((p) => p.id === host.id)?.ready).toBe(true);
    expect(
      await c.eventually(
        () => c.wallet(host.token),
        (w) => w.held === ENTRY_FEE,
        'the entry fee held',
      ),
    ).toMatchObject({ balance: STARTING_TOKENS, available: STARTING_TOKENS - ENTRY_FEE });
    const unready = await c.ok<{ room: Room }>('POST', `/rooms/${room.code}/unready`, host.token);
    expect(statusOf(unready.room, host.id)).toBe('joined');
    await c.eventually(
      () => c.wallet(host.token),
      (w) => w.held === 0,
      'the hold voided',
    );

    // A bet: proposed by the guest, accepted by the host; then both ready and the host starts.
    const proposed = await c.ok<{ room: Room }>('POST', `/rooms/${room.code}/bets`, guest.token, { amount: 20 });
    expect(proposed.room.bet).toMatchObject({
      amount: 20,
      status: 'proposed',
      proposedBy: guest.id,
      proposedByName: 'Bethel',
      acceptedBy: [guest.id],
    });
    await c.ok('POST', `/rooms/${room.code}/bets/respond`, host.token, { accept: true });
    const agreed = await c.eventually(
      () => roomOf(host.token, room.code),
      ({ room: r }) => r.bet?.status === 'agreed',
      'the bet agreed',
    );
    expect(agreed.room.bet).toMatchObject({ amount: 20, pot: 40 });
    // The prize: both entry fees and both stakes (60) less the house's rake (10 % of the fees: 2).
    expect(agreed.room.prize).toBe(58);

    await c.ok('POST', `/rooms/${room.code}/ready`, host.token);
    await c.ok('POST', `/rooms/${room.code}/ready`, guest.token);
    await c.eventually(
      () => roomOf(host.token, room.code),
      ({ room: r }) => r.players.every((p) => p.status === 'ready'),
      'both ready',
    );
    expect(await c.wallet(guest.token)).toMatchObject({ held: ENTRY_FEE + 20 });

    const notHost = await c.call('POST', `/rooms/${room.code}/start`, guest.token);
    expect(notHost.json()).toMatchObject({ success: false, code: 'not_room_host' });
    const started = await c.ok<{ room: Room; matchId: string }>('POST', `/rooms/${room.code}/start`, host.token);
    expect(started.matchId).toBe(room.matchId);
    expect(started.room.status).toBe('in_progress');

    // Members see their own view of the match with the room; replay is not there yet.
    const during = await roomOf(guest.token, room.code);
    expect(during.match).toMatchObject({ mode: 'duel', matchId: started.matchId, status: 'playing' });
    const early = await c.call('GET', `/matches/${started.matchId}/replay`, host.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'match_not_over' });

    const { final } = await c.playDuel(started.matchId, [host, guest], ['elephant', 'garden']);
    expect(final.winners).toHaveLength(1);
    const winner = final.winners![0] === host.id ? host : guest;
    const loser = winner === host ? guest : host;

    // The pot (both entry fees and both stakes) went to the winner, less the rake to the house.
    const won = await c.eventually(
      () => c.wallet(winner.token),
      (w) => w.held === 0 && w.balance === STARTING_TOKENS - ENTRY_FEE - 20 + 58,
      'the payout',
    );
    expect(won.available).toBe(won.balance);
    expect(
      await c.eventually(
        () => c.wallet(loser.token),
        (w) => w.held === 0,
        'the loser settled',
      ),
    ).toMatchObject({ balance: STARTING_TOKENS - ENTRY_FEE - 20 });

    // History with names, result and tokens for both.
    const history = await c.eventually(
      () =>
        c.ok<{
          items: { matchId: string; result: string; tokens: number; players: { id: string; name: string; score: number }[] }[];
          nextCursor: string | null;
        }>('GET', '/matches?mine=1', winner.token),
      (h) => h.items.length > 0,
      'the history',
    );
    expect(history.items[0]).toMatchObject({ matchId: started.matchId, roomCode: room.code, result: 'won', tokens: 58 - ENTRY_FEE - 20 });
    expect(history.items[0]!.players.map((p) => p.name).sort()).toEqual(['Abebe', 'Bethel']);
    const theirs = await c.eventually(
      () => c.ok<{ items: { result: string; tokens: number }[] }>('GET', '/matches?mine=1', loser.token),
      (h) => h.items.length > 0,
      "the loser's history",
    );
    expect(theirs.items[0]).toMatchObject({ result: 'lost', tokens: -ENTRY_FEE - 20 });

    // The replay once over: every move, the words shown; players only.
    const replay = await c.ok<{ steps: { view: DuelView }[] }>('GET', `/matches/${started.matchId}/replay`, loser.token);
    expect(replay.steps.length).toBeGreaterThan(10);
    expect(JSON.stringify(replay)).toContain('elephant');
    const stranger = await c.player('Chala');
    expect((await c.call('GET', `/matches/${started.matchId}/replay`, stranger.token)).json()).toMatchObject({ code: 'not_your_match' });
    expect((await c.call('GET', `/matches/${started.matchId}`, stranger.token)).json()).toMatchObject({ code: 'not_your_match' });

    // A rematch: a new match in the same room, the other player invited again; the first match stays in history.
    expect((await c.call('POST', `/rooms/${room.code}/rematch`, guest.token)).json()).toMatchObject({ code: 'not_room_host' });
    const rematch = await c.ok<{ room: Room & { matches: string[] } }>('POST', `/rooms/${room.code}/rematch`, host.token);
    expect(rematch.room.matchId).not.toBe(started.matchId);
    expect(rematch.room.matches).toEqual([started.matchId, rematch.room.matchId]);
    expect(rematch.room.status).toBe('waiting');
    const { invitations } = await c.eventually(
      () => c.ok<{ invitations: { id: string; code: string }[] }>('GET', '/invitations', guest.token),
      (list) => list.invitations.some((i) => i.code === room.code),
      'the rematch invitation',
    );
    const back = await c.ok<{ room: Room }>(
      'POST',
      `/invitations/${invitations.find((i) => i.code === room.code)!.id}/respond`,
      guest.token,
      { accept: true },
    );
    expect(statusOf(back.room, guest.id)).toBe('joined');
    const left = await c.ok<{ room: Room }>('POST', `/rooms/${room.code}/leave`, guest.token);
    expect(statusOf(left.room, guest.id) ?? 'left').toBe('left');
    expect((await c.ok<{ items: unknown[] }>('GET', '/matches?mine=1', guest.token)).items).toHaveLength(1);
  });
});

describe('rooms over HTTP: three players', () => {
  let host: Player;
  let friend: Player;
  let invited: Player;
  let code = '';

  beforeAll(async () => {
    host = await c.player('Dawit');
    friend = await c.player('Eden', 'am');
    invited = await c.player('Fikre');
  });

  it('keeps the password secret and asks for it: Password required, Invalid password', async () => {
    const response = await c.call('POST', '/rooms', host.token, {
      roomName: 'Private trio',
      description: 'Friends only',
      game: 'hangman',
      maxPlayers: 3,
      gameDuration: 'rush',
      entryFee: ENTRY_FEE,
      penalty: 5,
      password: 'sesame42',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('sesame42');
    expect(response.body.toLowerCase()).not.toContain('hash');
    const { room } = response.json().data as { room: Room };
    expect(room).toMatchObject({ private: true, penalty: 5 });
    code = room.code;

    // Hidden from the lobby, joinable by code with the password.
    expect((await c.ok<{ rooms: Room[] }>('GET', '/rooms', friend.token)).rooms.map((r) => r.code)).not.toContain(code);
    const missing = await c.call('POST', `/rooms/${code}/join`, friend.token, {}, { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ success: false, code: 'password_required', message: 'Password required' });
    const wrong = await c.call('POST', `/rooms/${code}/join`, friend.token, { password: 'nope1234' }, { 'accept-language': 'en' });
    expect(wrong.json()).toMatchObject({ code: 'invalid_password', message: 'Invalid password' });
    const wrongAm = await c.call('POST', `/rooms/${code}/join`, friend.token, { password: 'nope1234' });
    expect(wrongAm.json()).toMatchObject({ code: 'invalid_password', message: 'የይለፍ ቃሉ ትክክል አይደለም' });
    const joined = await c.ok<{ room: Room }>('POST', `/rooms/${code}/join`, friend.token, { password: 'sesame42' });
    expect(statusOf(joined.room, friend.id)).toBe('joined');

    const unknown = await c.call('GET', '/rooms/ZZZZZZ', friend.token, undefined, { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'room_not_found' });
    const invalidSettings = await c.call('POST', '/rooms', host.token, { roomName: '', maxPlayers: 9, gameDuration: 'slow' });
    expect(invalidSettings.json()).toMatchObject({
      code: 'validation_failed',
      data: { fields: { roomName: expect.any(String), maxPlayers: expect.any(String), gameDuration: expect.any(String) } },
    });
  });

  it('invites by username; the invitee sees it with the host name and accepts', async () => {
    const unknown = await c.call('POST', `/rooms/${code}/invite`, host.token, { username: 'nobody_has_this_1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'user_not_found' });
    const self = await c.call('POST', `/rooms/${code}/invite`, host.token, { username: host.username }, { 'accept-language': 'am' });
    expect(self.json()).toMatchObject({ code: 'cannot_invite_self', message: 'ራስዎን መጋበዝ አይችሉም' });
    const notHost = await c.call('POST', `/rooms/${code}/invite`, friend.token, { username: invited.username });
    expect(notHost.json()).toMatchObject({ code: 'not_room_host' });

    const sent = await c.ok<{ room: Room }>('POST', `/rooms/${code}/invite`, host.token, {
      username: `@${invited.username.toUpperCase()}`,
    });
    expect(statusOf(sent.room, invited.id)).toBe('invited');

    const { invitations } = await c.eventually(
      () =>
        c.ok<{ invitations: { id: string; code: string; roomName: string; hostName: string; from: { name: string } }[] }>(
          'GET',
          '/invitations',
          invited.token,
        ),
      (list) => list.invitations.length === 1,
      'the invitation',
    );
    expect(invitations[0]).toMatchObject({
      code,
      roomName: 'Private trio',
      hostName: 'Dawit',
      fromUserId: host.id,
      from: { id: host.id, name: 'Dawit' },
    });
    // Invited players may look at the room before answering.
    expect((await roomOf(invited.token, code)).room.code).toBe(code);

    const accepted = await c.ok<{ room: Room }>('POST', `/invitations/${invitations[0]!.id}/respond`, invited.token, { accept: true });
    expect(statusOf(accepted.room, invited.id)).toBe('joined');
    await c.eventually(
      () => c.ok<{ invitations: unknown[] }>('GET', '/invitations', invited.token),
      (list) => list.invitations.length === 0,
      'no pending invitation',
    );
    const again = await c.call('POST', `/invitations/${invitations[0]!.id}/respond`, invited.token, { accept: true });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('holds the entry fee and the penalty on ready, and gives them back on unready', async () => {
    await c.ok('POST', `/rooms/${code}/ready`, friend.token);
    await c.eventually(
      () => c.wallet(friend.token),
      (w) => w.held === ENTRY_FEE + 5,
      'fee and penalty held',
    );
    await c.ok('POST', `/rooms/${code}/unready`, friend.token);
    await c.eventually(
      () => c.wallet(friend.token),
      (w) => w.held === 0,
      'holds voided',
    );
  });

  it('refuses to start with one player, saying how many more are needed, in English and Amharic', async () => {
    const { room } = await c.ok<{ room: Room }>('POST', '/rooms', friend.token, {
      roomName: 'Alone',
      maxPlayers: 2,
      gameDuration: 'normal',
      entryFee: ENTRY_FEE,
    });
    await c.ok('POST', `/rooms/${room.code}/ready`, friend.token);
    const en = await c.call('POST', `/rooms/${room.code}/start`, friend.token, undefined, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({ success: false, code: 'not_enough_players', message: 'At least 1 more player is needed to start' });
    const am = await c.call('POST', `/rooms/${room.code}/start`, friend.token);
    expect(am.json()).toMatchObject({ code: 'not_enough_players', message: 'ጨዋታውን ለመጀመር ቢያንስ 1 ተጨማሪ ተጫዋች ያስፈልጋል' });
    // Deleting the room gives the hold back.
    const deleted = await c.ok<{ room: Room }>('DELETE', `/rooms/${room.code}`, friend.token);
    expect(deleted.room.status).toBe('cancelled');
    await c.eventually(
      () => c.wallet(friend.token),
      (w) => w.held === 0,
      'the hold voided on delete',
    );
  });

  it('agrees a bet, starts when all are ready, plays the duel, pays the pot and keeps the history', async () => {
    const players = [host, friend, invited];
    const notAllowed = await c.call('POST', `/rooms/${code}/bets`, friend.token, { amount: 7 });
    expect(notAllowed.json()).toMatchObject({ code: 'bet_amount_not_allowed' });
    await c.ok('POST', `/rooms/${code}/bets`, friend.token, { amount: 10 });
    const again = await c.call('POST', `/rooms/${code}/bets`, host.token, { amount: 20 });
    expect(again.json()).toMatchObject({ code: 'bet_already_proposed' });
    await c.ok('POST', `/rooms/${code}/bets/respond`, host.token, { accept: true });
    await c.ok('POST', `/rooms/${code}/bets/respond`, invited.token, { accept: true });
    await c.eventually(
      () => roomOf(host.token, code),
      ({ room }) => room.bet?.status === 'agreed',
      'the bet agreed',
    );

    await c.ok('POST', `/rooms/${code}/ready`, host.token);
    await c.ok('POST', `/rooms/${code}/ready`, friend.token);
    const early = await c.call('POST', `/rooms/${code}/start`, host.token);
    expect(early.json()).toMatchObject({ code: 'players_not_ready', data: { notReady: [invited.id] } });
    await c.ok('POST', `/rooms/${code}/ready`, invited.token);
    await c.eventually(
      () => c.wallet(invited.token),
      (w) => w.held === ENTRY_FEE + 5 + 10,
      'fee, penalty and stake held',
    );
    const { matchId } = await c.ok<{ matchId: string }>('POST', `/rooms/${code}/start`, host.token);

    // The word's rules, in Amharic for the Amharic player.
    let first = await c.view(host.token, matchId);
    const setter = players.find((p) => p.id === first.setterId)!;
    const invalid = await c.move(setter.token, matchId, { type: 'set_word', word: 'xqzjvk' }, { 'accept-language': 'am' });
    expect(invalid.json()).toMatchObject({ code: 'invalid_word', message: 'ትክክለኛ ቃል አይደለም' });
    const invalidEn = await c.move(setter.token, matchId, { type: 'set_word', word: 'xqzjvk' }, { 'accept-language': 'en' });
    expect(invalidEn.json()).toMatchObject({ code: 'invalid_word', message: 'Invalid Word' });
    const notSetter = players.find((p) => p.id !== setter.id)!;
    expect((await c.move(notSetter.token, matchId, { type: 'set_word', word: 'garden' })).json()).toMatchObject({ code: 'not_the_setter' });

    // The setter alone sees the word while the others guess.
    await c.ok('POST', `/matches/${matchId}/moves`, setter.token, { type: 'set_word', word: 'elephant' });
    first = await c.view(setter.token, matchId);
    expect(first.word).toBe('elephant');
    const guesserView = await c.view(notSetter.token, matchId);
    expect(guesserView.word).toBeUndefined();
    expect(JSON.stringify((await roomOf(notSetter.token, code)).match)).not.toContain('elephant');

    const { final } = await c.playDuel(matchId, players, ['garden', 'window']);
    expect(final.status).toBe('finished');
    expect(final.winners).toHaveLength(1);
    const winner = players.find((p) => p.id === final.winners![0])!;
    // The prize: 3 entry fees and 3 stakes of 10, less the house's rake (10 % of the fees).
    const prize = 3 * ENTRY_FEE + 3 * 10 - 3;
    await c.eventually(
      () => c.wallet(winner.token),
      (w) => w.held === 0 && w.balance === STARTING_TOKENS - ENTRY_FEE - 10 + prize,
      'the prize paid',
    );
    for (const loser of players.filter((p) => p !== winner)) {
      await c.eventually(
        () => c.wallet(loser.token),
        (w) => w.held === 0 && w.balance === STARTING_TOKENS - ENTRY_FEE - 10,
        'stakes lost, penalty voided',
      );
    }
    const history = await c.eventually(
      () => c.ok<{ items: { matchId: string; players: { name: string }[] }[] }>('GET', '/matches?mine=1', invited.token),
      (h) => h.items.length === 1,
      'history',
    );
    expect(history.items[0]!.players.map((p) => p.name).sort()).toEqual(['Dawit', 'Eden', 'Fikre']);
  });
});

describe('idempotent retries', () => {
  it('answers a retried create, join, ready and move with the first outcome and moves no token twice', async () => {
    const host = await c.player('Genet');
    const guest = await c.player('Hana');
    const key = { 'idempotency-key': 'create-once-1' };
    const body = { roomName: 'Once', maxPlayers: 2, gameDuration: 'normal', entryFee: ENTRY_FEE };
    const first = await c.ok<{ room: Room }>('POST', '/rooms', host.token, body, key);
    const second = await c.ok<{ room: Room }>('POST', '/rooms', host.token, body, key);
    expect(second.room.code).toBe(first.room.code);
    expect((await c.ok<{ rooms: Room[] }>('GET', '/rooms?mine=1', host.token)).rooms.filter((r) => r.roomName === 'Once')).toHaveLength(1);
    const code = first.room.code;

    await c.ok('POST', `/rooms/${code}/join`, guest.token, {}, { 'idempotency-key': 'join-1' });
    const rejoined = await c.ok<{ room: Room }>('POST', `/rooms/${code}/join`, guest.token, {}, { 'idempotency-key': 'join-1' });
    expect(rejoined.room.players.filter((p) => p.id === guest.id)).toHaveLength(1);
    const plainRejoin = await c.call('POST', `/rooms/${code}/join`, guest.token, {});
    expect(plainRejoin.json()).toMatchObject({ code: 'already_in_room' });

    for (const player of [host, guest]) {
      await c.ok('POST', `/rooms/${code}/ready`, player.token, undefined, { 'idempotency-key': `ready-${player.id}` });
      await c.ok('POST', `/rooms/${code}/ready`, player.token, undefined, { 'idempotency-key': `ready-${player.id}` });
      await c.eventually(
        () => c.wallet(player.token),
        (w) => w.held === ENTRY_FEE,
        'one hold',
      );
    }
    const { matchId } = await c.ok<{ matchId: string }>('POST', `/rooms/${code}/start`, host.token, undefined, {
      'idempotency-key': 'start-1',
    });
    const restarted = await c.ok<{ matchId: string }>('POST', `/rooms/${code}/start`, host.token, undefined, {
      'idempotency-key': 'start-1',
    });
    expect(restarted.matchId).toBe(matchId);
    expect(await c.wallet(host.token)).toMatchObject({ balance: STARTING_TOKENS - ENTRY_FEE, held: 0 });

    const start = await c.view(host.token, matchId);
    const setter = [host, guest].find((p) => p.id === start.setterId)!;
    const guesser = [host, guest].find((p) => p !== setter)!;
    await c.ok('POST', `/matches/${matchId}/moves`, setter.token, { type: 'set_word', word: 'garden' });
    const once = await c.move(guesser.token, matchId, { type: 'guess', letter: 'g' }, { 'idempotency-key': 'guess-g' });
    const twice = await c.move(guesser.token, matchId, { type: 'guess', letter: 'g' }, { 'idempotency-key': 'guess-g' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.view.scores).toEqual(once.json().data.view.scores);
    const plain = await c.move(guesser.token, matchId, { type: 'guess', letter: 'g' });
    expect(plain.json()).toMatchObject({ code: 'already_guessed' });
  });
});

describe('presence over HTTP', () => {
  /** The store's head once nothing has been appended for a while (wallets opening, pushes, projections). */
  async function quietHead() {
    let head = await t.platform.store.head();
    for (let tries = 0; tries < 30; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await t.platform.store.head();
      if (comparePositions(again, head) === 0) return head;
      head = again;
    }
    throw new Error('the store never went quiet');
  }
  const onlineOf = async (token: string, code: string, id: string) =>
    (await roomOf(token, code)).room.players.find((p) => p.id === id)?.online;

  it('a member without a socket says whether they are there; reading the room or its match writes nothing', async () => {
    const host = await c.player('Hana');
    const guest = await c.player('Iyasu');
    const outsider = await c.player('Kidist');
    const { room } = await c.ok<{ room: Room }>('POST', '/rooms', host.token, {
      roomName: 'Presence',
      maxPlayers: 2,
      gameDuration: 'normal',
    });
    await c.ok('POST', `/rooms/${room.code}/join`, guest.token, {});
    for (const player of [host, guest]) await c.ok('POST', `/rooms/${room.code}/ready`, player.token);
    const { matchId } = await c.ok<{ matchId: string }>('POST', `/rooms/${room.code}/start`, host.token);
    expect(await onlineOf(host.token, room.code, guest.id)).toBe(true);

    const away = await c.call('POST', `/rooms/${room.code.toLowerCase()}/presence`, guest.token, { online: false });
    expect(away.statusCode).toBe(200);
    expect(away.json()).toMatchObject({ success: true, data: { online: false } });
    expect(await onlineOf(host.token, room.code, guest.id)).toBe(false);

    // Reads never write: the offline guest reads the room, the lobby and their match, and the store stays as it was.
    const head = await quietHead();
    await roomOf(guest.token, room.code);
    await c.ok('GET', '/rooms?mine=1', guest.token);
    await c.view(guest.token, matchId);
    expect(await quietHead()).toEqual(head);
    expect(await onlineOf(host.token, room.code, guest.id)).toBe(false);

    expect((await c.call('POST', `/rooms/${room.code}/presence`, guest.token, { online: true })).statusCode).toBe(200);
    expect(await onlineOf(host.token, room.code, guest.id)).toBe(true);

    // Members only, a boolean, an existing room, signed in.
    expect((await c.call('POST', `/rooms/${room.code}/presence`, outsider.token, { online: true })).json()).toMatchObject({
      code: 'not_in_room',
    });
    const invalid = await c.call('POST', `/rooms/${room.code}/presence`, guest.token, { online: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed' });
    expect((await c.call('POST', `/rooms/${room.code}/presence`, guest.token, {})).statusCode).toBe(400);
    expect((await c.call('POST', '/rooms/ZZZZZZ/presence', guest.token, { online: true })).json()).toMatchObject({
      code: 'room_not_found',
    });
    expect((await c.call('POST', `/rooms/${room.code}/presence`, undefined, { online: true })).statusCode).toBe(401);
  });
});
