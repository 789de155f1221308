/** The room's rules as given events / when a command / then events or a named rejection (docs/product-rules.md, rooms). */
import { describe, expect, it } from 'vitest';
import {
  ROOM_BET_EXPIRY_MS,
  ROOM_HOLD_TTL_MS,
  ROOM_NAME_MAX,
  ROOM_PENALTY_MAX,
  ROOM_PLAYERS_MAX,
  ROOM_PLAYERS_MIN,
  HANGMAN_COST_TOKENS,
} from '../config.ts';
import { ROOM_CODE_ALPHABET } from '@qal/events';
import { roomCodeFor } from './code.ts';
import {
  decideRoom,
  escrowOf,
  holdIdOf,
  isRejection,
  payoutTransferId,
  rakeTransferId,
  type RawRoomSettings,
  type RoomCommand,
} from './decide.ts';
import type { RoomEvent } from './events.ts';
import { pendingLedgerSteps } from './ledger-steps.ts';
import { foldRoom, type RoomState } from './state.ts';
import { roomView } from './view.ts';

const T0 = '2026-03-01T09:00:00.000Z';
const after = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const CODE = 'ABC234';
const MATCH = 'match-1';
const HOST = 'host';

const SETTINGS: RawRoomSettings = {
  roomName: 'Friday words',
  game: 'hangman',
  language: 'en',
  maxPlayers: 3,
  gameDuration: 'normal',
  entryFee: 10,
  penalty: 5,
};

const created = (settings: Partial<RawRoomSettings> = {}, passwordHash: string | null = null): RoomEvent => {
  const events = decideRoom(
    {
      type: 'CreateRoom',
      data: {
        code: CODE,
        matchId: MATCH,
        userId: HOST,
        settings: { ...SETTINGS, ...settings },
        passwordLength: passwordHash ? 6 : null,
        passwordHash,
        at: T0,
      },
    },
    null,
  );
  if (isRejection(events)) throw new Error(events.reason);
  return events[0]!;
};
const joined = (userId: string, at = after(1)): RoomEvent => ({ type: 'PlayerJoined', data: { userId, invitationId: null, at } });
const readyRequested = (userId: string, requestId = `ready-${userId}`, at = after(2)): RoomEvent => {
  const holds = [
    {
      holdId: holdIdOf(MATCH, userId, 'entry', requestId),
      userId,
      matchId: MATCH,
      kind: 'entry' as const,
      amount: 10,
      expiresAt: new Date(Date.parse(at) + ROOM_HOLD_TTL_MS).toISOString(),
    },
    {
      holdId: holdIdOf(MATCH, userId, 'penalty', requestId),
      userId,
      matchId: MATCH,
      kind: 'penalty' as const,
      amount: 5,
      expiresAt: new Date(Date.parse(at) + ROOM_HOLD_TTL_MS).toISOString(),
    },
  ];
  return { type: 'ReadyRequested', data: { userId, requestId, holds, at } };
};
const placed = (holdId: string): RoomEvent => ({ type: 'RoomHoldPlaced', data: { holdId, at: after(3) } });
const refused = (holdId: string): RoomEvent => ({ type: 'RoomHoldRefused', data: { holdId, reason: 'insufficient_tokens', at: after(3) } });
const resolved = (holdId: string, status: 'posted' | 'voided'): RoomEvent => ({
  type: 'RoomHoldResolved',
  data: { holdId, status, at: after(3) },
});
/** The player is ready: their holds requested and placed. */
const ready = (userId: string): RoomEvent[] => {
  const request = readyRequested(userId);
  if (request.type !== 'ReadyRequested') throw new Error('unreachable');
  return [request, ...request.data.holds.map((h) => placed(h.holdId))];
};

const given = (...events: RoomEvent[]) => {
  const state = foldRoom(events) as RoomState;
  return {
    state,
    when: (command: RoomCommand) => decideRoom(command, state),
    /** The state after the command's events. */
    then: (command: RoomCommand) => {
      const result = decideRoom(command, state);
      if (isRejection(result)) throw new Error(`rejected: ${result.reason}`);
      return foldRoom([...events, ...result]) as RoomState;
    },
  };
};
const reason = (result: RoomEvent[] | { reason: string }) => (isRejection(result) ? result.reason : 'accepted');
const details = (result: RoomEvent[] | { reason: string; details?: Record<string, unknown> }) =>
  isRejection(result) ? result.details : undefined;

const join = (userId: string, password: 'none' | 'valid' | 'invalid' = 'none', at = after(1)): RoomCommand => ({
  type: 'JoinRoom',
  data: { userId, password, at },
});
const setReady = (userId: string, isReady = true, requestId = `ready-${userId}`): RoomCommand => ({
  type: 'SetReady',
  data: { userId, ready: isReady, requestId, at: after(2) },
});
const start = (userId = HOST, at = after(10)): RoomCommand => ({ type: 'StartRoomMatch', data: { userId, at } });
const propose = (userId: string, amount = 10, at = after(4)): RoomCommand => ({
  type: 'ProposeBet',
  data: { userId, amount, proposalId: 'bet-1', at },
});
const respondBet = (userId: string, accept: boolean, at = after(5)): RoomCommand => ({ type: 'RespondBet', data: { userId, accept, at } });

describe('creating a room', () => {
  it('creates a waiting room with the host joined, the entry fee defaulting to the game cost', () => {
    const state = given(created({ entryFee: undefined, penalty: undefined })).state;
    expect(state).toMatchObject({
      code: CODE,
      status: 'waiting',
      hostId: HOST,
      matchId: MATCH,
      settings: { entryFee: HANGMAN_COST_TOKENS, penalty: 0 },
    });
    expect(state.players).toEqual([expect.objectContaining({ id: HOST, status: 'joined' })]);
  });

  it.each([
    ['roomName', { roomName: '' }],
    ['roomName', { roomName: 'x'.repeat(ROOM_NAME_MAX + 1) }],
    ['description', { description: 'x'.repeat(501) }],
    ['maxPlayers', { maxPlayers: ROOM_PLAYERS_MIN - 1 }],
    ['maxPlayers', { maxPlayers: ROOM_PLAYERS_MAX + 1 }],
    ['maxPlayers', { maxPlayers: 2.5 }],
    ['gameDuration', { gameDuration: 'slow' }],
    ['entryFee', { entryFee: HANGMAN_COST_TOKENS - 1 }],
    ['penalty', { penalty: ROOM_PENALTY_MAX + 1 }],
    ['penalty', { penalty: -1 }],
  ] as const)('refuses a bad %s with invalid_room_settings naming it', (field, bad) => {
    const result = decideRoom(
      {
        type: 'CreateRoom',
        data: {
          code: CODE,
          matchId: MATCH,
          userId: HOST,
          settings: { ...SETTINGS, ...bad },
          passwordLength: null,
          passwordHash: null,
          at: T0,
        },
      },
      null,
    );
    expect(result).toEqual({ reason: 'invalid_room_settings', details: { field } });
  });

  it('refuses a password shorter than 4 or longer than 20, an unknown game or language', () => {
    const create = (over: Partial<RawRoomSettings>, passwordLength: number | null) =>
      decideRoom(
        {
          type: 'CreateRoom',
          data: { code: CODE, matchId: MATCH, userId: HOST, settings: { ...SETTINGS, ...over }, passwordLength, passwordHash: 'h', at: T0 },
        },
        null,
      );
    expect(details(create({}, 3))).toEqual({ field: 'password' });
    expect(details(create({}, 21))).toEqual({ field: 'password' });
    expect(reason(create({}, 4))).toBe('accepted');
    expect(reason(create({ game: 'chess' }, null))).toBe('unknown_game');
    expect(reason(create({ language: 'fr' }, null))).toBe('unknown_language');
  });

  it('draws a 6-character code without 0, O, 1 or I from the command id: the same id, the same code; another attempt, another code', () => {
    const code = roomCodeFor('command-1', 0);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect([...code].every((c) => ROOM_CODE_ALPHABET.includes(c))).toBe(true);
    expect(roomCodeFor('command-1', 0)).toBe(code);
    expect(roomCodeFor('command-1', 1)).not.toBe(code);
    const codes = new Set(Array.from({ length: 500 }, (_, i) => roomCodeFor(`c-${i}`, 0)));
    expect(codes.size).toBe(500);
  });

  it('never shows the password hash in the view; a passworded room is private', () => {
    const view = roomView(given(created({}, 'scrypt$salt$hash')).state);
    expect(view.private).toBe(true);
    expect(JSON.stringify(view)).not.toContain('scrypt');
  });
});

describe('joining', () => {
  it('joins a waiting room; refuses a second join, a full room and a room not waiting', () => {
    const g = given(created(), joined('ann'), joined('bob'));
    expect(reason(g.when(join('ann')))).toBe('already_in_room');
    expect(g.when(join('cat'))).toEqual({ reason: 'room_full', details: { maxPlayers: 3 } });
    expect(reason(given(created(), { type: 'RoomCancelled', data: { reason: 'deleted', at: after(1) } }).when(join('ann')))).toBe(
      'room_not_waiting',
    );
    expect(
      given(created(), joined('ann'))
        .then(join('bob'))
        .players.map((p) => [p.id, p.status]),
    ).toEqual([
      [HOST, 'joined'],
      ['ann', 'joined'],
      ['bob', 'joined'],
    ]);
  });

  it("a private room: 'password_required' without one, 'invalid_password' with a wrong one; an invitee needs none", () => {
    const g = given(created({}, 'hash'));
    expect(reason(g.when(join('ann', 'none')))).toBe('password_required');
    expect(reason(g.when(join('ann', 'invalid')))).toBe('invalid_password');
    expect(reason(g.when(join('ann', 'valid')))).toBe('accepted');
    const invited = given(created({}, 'hash'), {
      type: 'PlayerInvited',
      data: { invitationId: 'inv-1', inviteeId: 'ann', fromUserId: HOST, matchId: MATCH, at: after(1) },
    });
    expect(reason(invited.when(join('ann', 'none')))).toBe('accepted');
  });
});

describe('invitations', () => {
  const invite = (userId: string, inviteeId: string, invitationId = 'inv-1'): RoomCommand => ({
    type: 'InvitePlayer',
    data: { userId, inviteeId, invitationId, at: after(1) },
  });
  const respond = (userId: string, accept: boolean, invitationId = 'inv-1'): RoomCommand => ({
    type: 'RespondInvitation',
    data: { userId, invitationId, accept, at: after(2) },
  });

  it('host only; not self, not a member, not twice while pending', () => {
    const g = given(created(), joined('ann'));
    expect(reason(g.when(invite('ann', 'bob')))).toBe('not_room_host');
    expect(reason(g.when(invite(HOST, HOST)))).toBe('cannot_invite_self');
    expect(reason(g.when(invite(HOST, 'ann')))).toBe('already_in_room');
    const invited = g.then(invite(HOST, 'bob'));
    expect(invited.players.find((p) => p.id === 'bob')?.status).toBe('invited');
    expect(reason(decideRoom(invite(HOST, 'bob', 'inv-2'), invited))).toBe('already_invited');
  });

  it('accepting joins; declining removes the invitee; only the invitee may answer, once', () => {
    const g = given(created(), {
      type: 'PlayerInvited',
      data: { invitationId: 'inv-1', inviteeId: 'bob', fromUserId: HOST, matchId: MATCH, at: after(1) },
    });
    expect(reason(g.when(respond('ann', true)))).toBe('invitation_not_found');
    const accepted = g.then(respond('bob', true));
    expect(accepted.players.find((p) => p.id === 'bob')?.status).toBe('joined');
    expect(accepted.invitations[0]?.status).toBe('accepted');
    expect(reason(decideRoom(respond('bob', true), accepted))).toBe('invitation_not_found');
    const declined = g.then(respond('bob', false));
    expect(declined.players.some((p) => p.id === 'bob')).toBe(false);
    expect(declined.invitations[0]?.status).toBe('declined');
  });

  it('accepting into a full room is refused', () => {
    const g = given(
      created({ maxPlayers: 2 }),
      { type: 'PlayerInvited', data: { invitationId: 'inv-1', inviteeId: 'bob', fromUserId: HOST, matchId: MATCH, at: after(1) } },
      joined('ann'),
    );
    expect(reason(g.when(respond('bob', true)))).toBe('room_full');
  });
});

describe('ready and the entry-fee hold', () => {
  it('asks for the entry fee and penalty holds into the match escrow; ready once both are placed', () => {
    const g = given(created(), joined('ann'));
    const events = g.when(setReady('ann'));
    expect(events).toEqual([
      {
        type: 'ReadyRequested',
        data: {
          userId: 'ann',
          requestId: 'ready-ann',
          at: after(2),
          holds: [
            expect.objectContaining({
              kind: 'entry',
              amount: 10,
              matchId: MATCH,
              expiresAt: new Date(Date.parse(after(2)) + ROOM_HOLD_TTL_MS).toISOString(),
            }),
            expect.objectContaining({ kind: 'penalty', amount: 5 }),
          ],
        },
      },
    ]);
    const request = readyRequested('ann');
    if (request.type !== 'ReadyRequested') throw new Error('unreachable');
    const [entry, penalty] = request.data.holds;
    const half = given(created(), joined('ann'), request, placed(entry!.holdId)).state;
    expect(half.players[1]?.status).toBe('joined');
    expect(pendingLedgerSteps(half).map((s) => s.kind)).toEqual(['place']);
    const full = given(created(), joined('ann'), request, placed(entry!.holdId), placed(penalty!.holdId)).state;
    expect(full.players[1]?.status).toBe('ready');
    expect(full.requests['ready-ann']).toBe('placed');
    expect(pendingLedgerSteps(full)).toEqual([]);
  });

  it('a refused hold (insufficient tokens) leaves the player not ready and voids the other hold of the request', () => {
    const request = readyRequested('ann');
    if (request.type !== 'ReadyRequested') throw new Error('unreachable');
    const [entry, penalty] = request.data.holds;
    const state = given(created(), joined('ann'), request, placed(entry!.holdId), refused(penalty!.holdId)).state;
    expect(state.players[1]).toMatchObject({ status: 'joined', readying: null });
    expect(state.requests['ready-ann']).toEqual({ refused: 'insufficient_tokens' });
    expect(pendingLedgerSteps(state)).toEqual([
      { kind: 'resolve', action: 'void', hold: expect.objectContaining({ holdId: entry!.holdId }) },
    ]);
  });

  it('un-ready voids both holds; ready twice is one request; not in the room is refused', () => {
    const g = given(created(), joined('ann'), ...ready('ann'));
    expect(g.when(setReady('ann'))).toEqual([]);
    const unready = g.then(setReady('ann', false));
    expect(unready.players[1]?.status).toBe('joined');
    expect(pendingLedgerSteps(unready).map((s) => (s.kind === 'resolve' ? `${s.action}:${s.hold.kind}` : s.kind))).toEqual([
      'void:entry',
      'void:penalty',
    ]);
    expect(reason(g.when(setReady('zed')))).toBe('not_in_room');
  });
});

describe('starting', () => {
  it("host only; 'not_enough_players' with the count; 'players_not_ready' naming them", () => {
    expect(given(created(), ...ready(HOST)).when(start())).toEqual({
      reason: 'not_enough_players',
      details: { needed: ROOM_PLAYERS_MIN, have: 1 },
    });
    const g = given(created(), joined('ann'), ...ready(HOST));
    expect(reason(g.when(start('ann')))).toBe('not_room_host');
    expect(g.when(start())).toEqual({ reason: 'players_not_ready', details: { notReady: ['ann'] } });
  });

  it('starts: entry holds post into the escrow (the prize pot, nothing to house), penalty holds stay pending, players play', () => {
    const state = given(created(), joined('ann'), ...ready(HOST), ...ready('ann')).then(start());
    expect(state.status).toBe('in_progress');
    expect(state.players.map((p) => p.status)).toEqual(['playing', 'playing']);
    const steps = pendingLedgerSteps(state);
    expect(steps.map((s) => (s.kind === 'resolve' ? `${s.action}:${s.hold.kind}` : s.kind))).toEqual(['post:entry', 'post:entry']);
    expect(state.transfers).toEqual([]);
    // Once posted, nothing more is owed until the end: the fees stay in the escrow.
    const posted = foldRoom([
      created(),
      joined('ann'),
      ...ready(HOST),
      ...ready('ann'),
      ...(decideRoom(start(), given(created(), joined('ann'), ...ready(HOST), ...ready('ann')).state) as RoomEvent[]),
      ...state.holds.filter((h) => h.kind === 'entry').map((h) => resolved(h.holdId, 'posted')),
    ])!;
    expect(pendingLedgerSteps(posted)).toEqual([]);
    expect(roomView(posted).prize).toBe(18);
  });

  it('shows the prize before the start: the seated players’ fees and agreed stakes, less the rake', () => {
    // two seated of 10: 20 − 2
    expect(roomView(given(created(), joined('ann')).state).prize).toBe(18);
    // three seated, one of them ready: the same for all who sit
    expect(roomView(given(created(), joined('ann'), joined('bob'), ...ready('ann')).state).prize).toBe(27);
    // an invitee does not count until they join
    const invited: RoomEvent = {
      type: 'PlayerInvited',
      data: { invitationId: 'inv-1', inviteeId: 'bob', fromUserId: HOST, matchId: MATCH, at: after(1) },
    };
    expect(roomView(given(created(), joined('ann'), invited).state).prize).toBe(18);
    // a bet counts once agreed: 3 × 10 fees + 3 × 10 stakes − 3
    const events: RoomEvent[] = [created(), joined('ann'), joined('bob')];
    const push = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(result.reason);
      events.push(...result);
    };
    push(propose('ann'));
    expect(roomView(foldRoom(events)!).prize).toBe(27);
    push(respondBet(HOST, true));
    push(respondBet('bob', true));
    for (const holdId of Object.values(foldRoom(events)!.bet!.stakes)) events.push(placed(holdId));
    expect(roomView(foldRoom(events)!).prize).toBe(57);
    expect(roomView(foldRoom(events)!).settlement).toBeNull();
  });

  it('refuses holds about to expire (the player readies again)', () => {
    const g = given(created(), joined('ann'), ...ready(HOST), ...ready('ann'));
    expect(reason(g.when(start(HOST, new Date(Date.parse(after(2)) + ROOM_HOLD_TTL_MS - 60_000).toISOString())))).toBe('players_not_ready');
  });

  it('delete: host only, before the start, voids every hold; the room is cancelled', () => {
    const g = given(created(), joined('ann'), ...ready('ann'));
    expect(reason(g.when({ type: 'DeleteRoom', data: { userId: 'ann', at: after(5) } }))).toBe('not_room_host');
    const deleted = g.then({ type: 'DeleteRoom', data: { userId: HOST, at: after(5) } });
    expect(deleted.status).toBe('cancelled');
    expect(pendingLedgerSteps(deleted).every((s) => s.kind === 'resolve' && s.action === 'void')).toBe(true);
    expect(pendingLedgerSteps(deleted)).toHaveLength(2);
    const started = given(created(), joined('ann'), ...ready(HOST), ...ready('ann')).then(start());
    expect(reason(decideRoom({ type: 'DeleteRoom', data: { userId: HOST, at: after(20) } }, started))).toBe('room_not_waiting');
  });
});

describe('leaving', () => {
  it('before the start: holds voided; the host passes to the next player; the last one out cancels the room', () => {
    const g = given(created(), joined('ann'), ...ready(HOST));
    const events = g.when({ type: 'LeaveRoom', data: { userId: HOST, at: after(5) } });
    expect(events).toEqual([
      { type: 'PlayerLeft', data: { userId: HOST, reason: 'left', at: after(5) } },
      { type: 'HostChanged', data: { hostId: 'ann', at: after(5) } },
    ]);
    const left = g.then({ type: 'LeaveRoom', data: { userId: HOST, at: after(5) } });
    expect(pendingLedgerSteps(left).map((s) => (s.kind === 'resolve' ? s.action : s.kind))).toEqual(['void', 'void']);
    const alone = given(created()).when({ type: 'LeaveRoom', data: { userId: HOST, at: after(5) } });
    expect(alone).toContainEqual({ type: 'RoomCancelled', data: { reason: 'empty', at: after(5) } });
    expect(reason(given(created()).when({ type: 'LeaveRoom', data: { userId: 'zed', at: after(5) } }))).toBe('not_in_room');
  });

  it('a started match: a forfeit, the penalty hold posts into the pot', () => {
    const base = [created(), joined('ann'), ...ready(HOST), ...ready('ann')];
    const startEvents = decideRoom(start(), foldRoom(base)) as RoomEvent[];
    const state = given(...base, ...startEvents).then({ type: 'LeaveRoom', data: { userId: 'ann', at: after(30) } });
    const annPenalty = state.holds.find((h) => h.userId === 'ann' && h.kind === 'penalty');
    expect(annPenalty?.resolution).toBe('post');
    expect(state.played[MATCH]?.leavers).toEqual(['ann']);
    expect(state.holds.find((h) => h.userId === HOST && h.kind === 'penalty')?.resolution).toBeNull();
  });
});

describe('bets', () => {
  const base = () => [created(), joined('ann'), joined('bob')];

  it('any player proposes an allowed amount; the proposer has accepted; one proposal at a time', () => {
    const g = given(...base());
    expect(reason(g.when(propose('ann', 7)))).toBe('bet_amount_not_allowed');
    expect(reason(g.when(propose('zed')))).toBe('not_in_room');
    const proposed = g.then(propose('ann'));
    expect(proposed.bet).toMatchObject({
      amount: 10,
      proposedBy: 'ann',
      acceptedBy: ['ann'],
      status: 'proposed',
      expiresAt: after(4 + ROOM_BET_EXPIRY_MS / 1000),
    });
    expect(reason(decideRoom(propose('bob'), proposed))).toBe('bet_already_proposed');
  });

  it('once everyone accepted, a stake is held from each; agreed when all are placed', () => {
    const g = given(...base(), ...(decideRoom(propose('ann'), foldRoom(base())) as RoomEvent[]));
    const first = g.when(respondBet(HOST, true));
    expect(first).toEqual([{ type: 'BetAccepted', data: { proposalId: 'bet-1', userId: HOST, at: after(5) } }]);
    const all = given(...base(), ...(decideRoom(propose('ann'), foldRoom(base())) as RoomEvent[]), ...(first as RoomEvent[])).then(
      respondBet('bob', true),
    );
    expect(Object.keys(all.bet!.stakes).sort()).toEqual(['ann', 'bob', HOST].sort());
    expect(all.bet!.status).toBe('proposed');
    expect(pendingLedgerSteps(all).map((s) => (s.kind === 'place' ? `${s.hold.kind}:${s.hold.amount}` : s.kind))).toEqual([
      'stake:10',
      'stake:10',
      'stake:10',
    ]);
    expect(reason(decideRoom(respondBet('bob', true), all))).toBe('bet_already_answered');
  });

  it('agreement, decline, expiry and failure', () => {
    const events = [...base()];
    const step = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(result.reason);
      events.push(...result);
      return foldRoom(events)!;
    };
    step(propose('ann'));
    step(respondBet(HOST, true));
    let state = step(respondBet('bob', true));
    const stakes = Object.entries(state.bet!.stakes);
    for (const [, holdId] of stakes) events.push(placed(holdId));
    state = foldRoom(events)!;
    expect(state.bet?.status).toBe('agreed');
    expect(roomView(state).bet?.pot).toBe(30);

    // Declined: stakes void.
    const declined = given(...base(), ...(decideRoom(propose('ann'), foldRoom(base())) as RoomEvent[])).then(respondBet('bob', false));
    expect(declined.bet?.status).toBe('declined');
    // Expired: only at or after the deadline, only the current proposal.
    const proposed = given(...base(), ...(decideRoom(propose('ann'), foldRoom(base())) as RoomEvent[]));
    expect(reason(proposed.when({ type: 'ExpireBet', data: { proposalId: 'bet-1', at: after(60) } }))).toBe('deadline_not_reached');
    expect(proposed.when({ type: 'ExpireBet', data: { proposalId: 'other', at: after(200) } })).toEqual([]);
    expect(proposed.then({ type: 'ExpireBet', data: { proposalId: 'bet-1', at: after(124) } }).bet?.status).toBe('expired');
    expect(reason(proposed.when(respondBet('bob', true, after(124))))).toBe('no_bet_proposed');
    // Failed: one stake refused, the others voided.
    const failing = [...events.slice(0, events.length - stakes.length), placed(stakes[0]![1]), refused(stakes[1]![1])];
    const failed = foldRoom(failing)!;
    expect(failed.bet).toMatchObject({ status: 'failed', failedBy: stakes[1]![0] });
    expect(
      pendingLedgerSteps(failed)
        .map((s) => (s.kind === 'resolve' ? `${s.action}:${s.hold.userId}` : `${s.kind}:${s.kind === 'place' ? s.hold.userId : ''}`))
        .sort(),
    ).toEqual([`void:${stakes[0]![0]}`, `place:${stakes[2]![0]}`].sort());
  });

  it('a player joining after the agreement must accept before the start', () => {
    const events: RoomEvent[] = [created({ maxPlayers: 4 }), joined('ann'), ...ready(HOST), ...ready('ann')];
    const push = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(result.reason);
      events.push(...result);
    };
    push(propose('ann'));
    push(respondBet(HOST, true));
    for (const holdId of Object.values(foldRoom(events)!.bet!.stakes)) events.push(placed(holdId));
    events.push(joined('bob', after(6)), ...ready('bob'));
    expect(decideRoom(start(), foldRoom(events))).toEqual({ reason: 'bet_not_settled', details: { pending: ['bob'] } });
    push(respondBet('bob', true, after(7)));
    const bobStake = foldRoom(events)!.bet!.stakes.bob!;
    events.push(placed(bobStake));
    expect(reason(decideRoom(start(), foldRoom(events)))).toBe('accepted');
  });
  it('a player who left and came back stakes again on the agreed bet with a new hold (each hold resolved once)', () => {
    const events: RoomEvent[] = [created({ maxPlayers: 4 }), joined('ann')];
    const push = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(result.reason);
      events.push(...result);
    };
    push(propose('ann'));
    push(respondBet(HOST, true));
    for (const holdId of Object.values(foldRoom(events)!.bet!.stakes)) events.push(placed(holdId));
    const firstStake = foldRoom(events)!.bet!.stakes.ann!;
    push({ type: 'LeaveRoom', data: { userId: 'ann', at: after(6) } });
    expect(foldRoom(events)!.holds.find((h) => h.holdId === firstStake)?.resolution).toBe('void');
    events.push(joined('ann', after(7)));
    push(respondBet('ann', true, after(8)));
    const state = foldRoom(events)!;
    const secondStake = state.bet!.stakes.ann!;
    expect(secondStake).not.toBe(firstStake);
    expect(state.holds.filter((h) => h.userId === 'ann' && h.kind === 'stake').map((h) => [h.placement, h.resolution])).toEqual([
      ['placed', 'void'],
      ['pending', null],
    ]);
  });
});

describe('the end of a match', () => {
  /** Three players ready (fee 10, penalty 5), a bet of `stake` agreed, the match started; then the commands. */
  const finished = (stake: number, ...then: RoomCommand[]) => {
    const events: RoomEvent[] = [created(), joined('ann'), joined('bob')];
    const push = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(`${command.type}: ${result.reason}`);
      events.push(...result);
    };
    for (const id of [HOST, 'ann', 'bob']) events.push(...ready(id));
    if (stake > 0) {
      push(propose(HOST, stake));
      push(respondBet('ann', true));
      push(respondBet('bob', true));
      for (const holdId of Object.values(foldRoom(events)!.bet!.stakes)) events.push(placed(holdId));
    }
    push(start());
    for (const command of then) push(command);
    return { state: foldRoom(events)!, events };
  };
  const finish = (winners: string[]): RoomCommand => ({
    type: 'FinishMatch',
    data: { matchId: MATCH, winners, scores: { [HOST]: 10, ann: 60, bob: 0 }, at: after(200) },
  });
  const moves = (state: RoomState) => state.transfers.map((t) => [t.reason, t.to, t.amount]);

  it('no bet: the entry fees are the pot; the rake to house, the rest to the winner', () => {
    const { state } = finished(0, finish(['ann']));
    expect(state.played[MATCH]).toMatchObject({ pot: 30, winners: ['ann'] });
    expect(moves(state)).toEqual([
      ['rake', 'house', 3],
      ['payout', 'wallet:ann', 27],
    ]);
    expect(state.transfers.map((t) => t.transferId)).toEqual([rakeTransferId(MATCH), payoutTransferId(MATCH, 'ann')]);
    expect(state.transfers.every((t) => t.from === escrowOf(MATCH))).toBe(true);
    // The nets: ann 27 − 10, the others − 10; the view says so, with the prize.
    expect(roomView(state).prize).toBe(27);
    expect(roomView(state).settlement).toEqual({
      matchId: MATCH,
      pot: 30,
      rake: 3,
      prize: 27,
      players: [
        { id: HOST, payout: 0, spent: 10, net: -10 },
        { id: 'ann', payout: 27, spent: 10, net: 17 },
        { id: 'bob', payout: 0, spent: 10, net: -10 },
      ],
    });
  });

  it('a tie splits the prize, the remainder to the first finisher', () => {
    // fees 30 + stakes 15 = 45, rake 3: 42 in two shares of 21
    expect(moves(finished(5, finish(['bob', 'ann'])).state)).toEqual([
      ['rake', 'house', 3],
      ['payout', 'wallet:bob', 21],
      ['payout', 'wallet:ann', 21],
    ]);
    // fees 30 + stakes 30 = 60, rake 3: 57 in two, the odd token to bob (first finisher)
    expect(moves(finished(10, finish(['bob', 'ann'])).state)).toEqual([
      ['rake', 'house', 3],
      ['payout', 'wallet:bob', 29],
      ['payout', 'wallet:ann', 28],
    ]);
    // three tied: 57 in three shares of 19
    expect(moves(finished(10, finish(['ann', HOST, 'bob'])).state)).toEqual([
      ['rake', 'house', 3],
      ['payout', 'wallet:ann', 19],
      [`payout`, `wallet:${HOST}`, 19],
      ['payout', 'wallet:bob', 19],
    ]);
  });

  it('everyone gone: nobody to win, the pot is the house’s', () => {
    const { state } = finished(0, { type: 'LeaveRoom', data: { userId: 'bob', at: after(40) } }, finish([]));
    // three fees and bob's penalty
    expect(moves(state)).toEqual([['rake', 'house', 35]]);
  });

  it('a match started before the fees formed the pot (its fees went to house at the start) pays only what its escrow holds', () => {
    const { events } = finished(10);
    const startedAt = events.findIndex((e) => e.type === 'MatchStarted');
    const old = events[startedAt] as Extract<RoomEvent, { type: 'MatchStarted' }>;
    const oldFees = {
      transferId: 'old-fees',
      from: escrowOf(MATCH),
      to: 'house',
      amount: 30,
      reason: 'entry_fee' as const,
      matchId: MATCH,
      userId: null,
    };
    events[startedAt] = { type: 'MatchStarted', data: { ...old.data, fees: [oldFees] } };
    const result = decideRoom(finish(['ann']), foldRoom(events));
    if (isRejection(result)) throw new Error(result.reason);
    const state = foldRoom([...events, ...result])!;
    // only the 30 in stakes (unraked) are paid out; the fees are the house's already
    expect(moves(state)).toEqual([
      ['entry_fee', 'house', 30],
      ['payout', 'wallet:ann', 30],
    ]);
    expect(state.played[MATCH]?.pot).toBe(30);
  });

  it('pays stakes and forfeited penalties to the winner, voids the others’ penalties; rematch invites the same players', () => {
    const events: RoomEvent[] = [created(), joined('ann'), joined('bob')];
    const push = (command: RoomCommand) => {
      const result = decideRoom(command, foldRoom(events));
      if (isRejection(result)) throw new Error(`${command.type}: ${result.reason}`);
      events.push(...result);
    };
    for (const id of [HOST, 'ann', 'bob']) events.push(...ready(id));
    push(propose(HOST, 20));
    push(respondBet('ann', true));
    push(respondBet('bob', true));
    for (const holdId of Object.values(foldRoom(events)!.bet!.stakes)) events.push(placed(holdId));
    push(start());
    push({ type: 'LeaveRoom', data: { userId: 'bob', at: after(40) } });
    push({ type: 'FinishMatch', data: { matchId: MATCH, winners: ['ann'], scores: { [HOST]: 10, ann: 60, bob: 0 }, at: after(200) } });
    const state = foldRoom(events)!;
    expect(state.status).toBe('finished');
    // The pot: 3 fees of 10, 3 stakes of 20 and bob's penalty of 5; the rake 10 % of the fees.
    expect(state.played[MATCH]).toMatchObject({ pot: 95, winners: ['ann'], leavers: ['bob'] });
    expect(state.transfers).toEqual([
      expect.objectContaining({ transferId: rakeTransferId(MATCH), to: 'house', amount: 3 }),
      expect.objectContaining({ transferId: payoutTransferId(MATCH, 'ann'), to: 'wallet:ann', amount: 92 }),
    ]);
    expect(roomView(state).settlement?.players).toEqual([
      { id: HOST, payout: 0, spent: 30, net: -30 },
      { id: 'ann', payout: 92, spent: 30, net: 62 },
      { id: 'bob', payout: 0, spent: 35, net: -35 },
    ]);
    const penalties = state.holds.filter((h) => h.kind === 'penalty');
    expect(penalties.map((h) => [h.userId, h.resolution])).toEqual([
      [HOST, 'void'],
      ['ann', 'void'],
      ['bob', 'post'],
    ]);
    // A finished match is never restarted: the host starts a rematch, a new match with the others invited.
    expect(reason(decideRoom(start(), state))).toBe('room_not_waiting');
    expect(reason(decideRoom({ type: 'StartRematch', data: { userId: 'ann', matchId: 'match-2', at: after(300) } }, state))).toBe(
      'not_room_host',
    );
    push({ type: 'StartRematch', data: { userId: HOST, matchId: 'match-2', at: after(300) } });
    const rematch = foldRoom(events)!;
    expect(rematch).toMatchObject({ status: 'waiting', matchId: 'match-2', matches: [MATCH, 'match-2'], bet: null });
    expect(rematch.players.map((p) => [p.id, p.status])).toEqual([
      [HOST, 'joined'],
      ['ann', 'invited'],
      ['bob', 'invited'],
    ]);
    expect(rematch.played[MATCH]?.winners).toEqual(['ann']);
  });
});

describe('presence', () => {
  it('records when a player went offline, once; back online clears it', () => {
    const g = given(created(), joined('ann'));
    const off = g.then({ type: 'SetPresence', data: { userId: 'ann', online: false, at: after(10) } });
    expect(off.players[1]).toMatchObject({ online: false, offlineSince: after(10) });
    expect(decideRoom({ type: 'SetPresence', data: { userId: 'ann', online: false, at: after(20) } }, off)).toEqual([]);
    expect(reason(g.when({ type: 'SetPresence', data: { userId: 'zed', online: true, at: after(10) } }))).toBe('not_in_room');
  });
});
