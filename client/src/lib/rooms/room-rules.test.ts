import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../../components/countdown.tsx';
import {
  betPot,
  canProposeBet,
  codeFromInput,
  codeProblem,
  isValidCode,
  mustAnswerBet,
  netOf,
  normalizeCode,
  roomFormToInput,
  roomPrize,
  secondsLeft,
  settlementOf,
  startCheck,
  validateRoomForm,
  type RoomForm,
} from './room-rules.ts';
import type { Bet } from './rooms-api.ts';
import { aRoom } from '../../testing/room-fixtures.ts';

describe('room codes', () => {
  it('upper-cases as typed, drops spaces and dashes, keeps at most 6 characters', () => {
    expect(normalizeCode('abc 23')).toBe('ABC23');
    expect(normalizeCode('ab-c2-34x')).toBe('ABC234');
    expect(normalizeCode('')).toBe('');
  });

  it('reads the code out of a pasted share link', () => {
    expect(codeFromInput('https://qal.et/am/multiplayer/join/abc234')).toBe('ABC234');
    expect(codeFromInput(' xyz789 ')).toBe('XYZ789');
  });

  it('accepts 6 characters without 0, O, 1 or I and says what is wrong otherwise', () => {
    expect(isValidCode('ABC234')).toBe(true);
    expect(codeProblem('ABC234')).toBeNull();
    expect(codeProblem('ABC23')).toBe('length');
    expect(codeProblem('ABC230')).toBe('characters');
    expect(codeProblem('ABCO')).toBe('characters');
    expect(codeProblem('1BCDEF')).toBe('characters');
    expect(isValidCode('ABCDEI')).toBe(false);
  });
});

describe('countdowns', () => {
  it('formats m:ss, rounding up and never below zero', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(29_001)).toBe('0:30');
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('counts whole seconds to a deadline', () => {
    const now = Date.parse('2026-03-02T06:00:00.000Z');
    expect(secondsLeft('2026-03-02T06:00:29.200Z', now)).toBe(30);
    expect(secondsLeft('2026-03-02T05:59:00.000Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });
});

describe('the create form', () => {
  const valid: RoomForm = {
    game: 'hangman',
    roomName: 'Friday words',
    description: '',
    maxPlayers: '4',
    gameDuration: 'normal',
    entryFee: '9',
    penalty: '0',
    password: '',
    language: 'am',
  };

  it('accepts a valid form and builds the request (no empty optional fields)', () => {
    expect(validateRoomForm(valid, 9)).toEqual({});
    expect(roomFormToInput(valid)).toEqual({
      roomName: 'Friday words',
      game: 'hangman',
      maxPlayers: 4,
      gameDuration: 'normal',
      entryFee: 9,
      penalty: 0,
      language: 'am',
    });
  });

  it('a Crazy room sends its game and no language (cards have none)', () => {
    const crazy = roomFormToInput({ ...valid, game: 'crazy', entryFee: '15' });
    expect(crazy).toMatchObject({ game: 'crazy', entryFee: 15 });
    expect(crazy).not.toHaveProperty('language');
    expect(validateRoomForm({ ...valid, game: 'crazy', entryFee: '9' }, 15).entryFee).toEqual({
      key: 'create.errors.entryFee',
      values: { min: 15 },
    });
  });

  it('names every field that breaks a limit, with the limit', () => {
    const problems = validateRoomForm(
      { ...valid, roomName: ' ', description: 'x'.repeat(501), maxPlayers: '9', entryFee: '8', penalty: '51', password: 'abc' },
      9,
    );
    expect(problems).toEqual({
      roomName: { key: 'create.errors.nameRequired' },
      description: { key: 'create.errors.descriptionTooLong', values: { max: 500 } },
      maxPlayers: { key: 'create.errors.maxPlayers', values: { min: 2, max: 8 } },
      entryFee: { key: 'create.errors.entryFee', values: { min: 9 } },
      penalty: { key: 'create.errors.penalty', values: { max: 50 } },
      password: { key: 'create.errors.password', values: { min: 4, max: 20 } },
    });
    expect(validateRoomForm({ ...valid, roomName: 'x'.repeat(101) }, 9).roomName?.key).toBe('create.errors.nameTooLong');
    expect(validateRoomForm({ ...valid, maxPlayers: '1' }, 9).maxPlayers).toBeDefined();
    expect(validateRoomForm({ ...valid, penalty: '-1' }, 9).penalty).toBeDefined();
    expect(validateRoomForm({ ...valid, password: 'x'.repeat(21) }, 9).password).toBeDefined();
    expect(validateRoomForm({ ...valid, password: 'abcd', penalty: '50', maxPlayers: '2' }, 9)).toEqual({});
  });
});

describe('starting and betting', () => {
  const ready = (ids: string[]) => aRoom().players.map((p) => (ids.includes(p.id) ? { ...p, status: 'ready' as const } : p));

  it('needs at least 2 players in the room, all ready, and no open bet', () => {
    const alone = aRoom({ players: [aRoom().players[0]!, { ...aRoom().players[1]!, status: 'invited' }] });
    expect(startCheck(alone)).toEqual({ ok: false, reason: 'morePlayers', needed: 1 });
    expect(startCheck(aRoom({ players: ready(['u-1']) }))).toEqual({ ok: false, reason: 'notReady', count: 1 });
    const bet: Bet = {
      proposalId: 'b-1',
      amount: 10,
      proposedBy: 'u-1',
      expiresAt: '2026-03-02T06:02:00.000Z',
      acceptedBy: ['u-1'],
      status: 'proposed',
      pot: 20,
      proposedByName: 'Abebe',
    };
    expect(startCheck(aRoom({ players: ready(['u-1', 'u-2']), bet }))).toEqual({ ok: false, reason: 'betPending' });
    expect(startCheck(aRoom({ players: ready(['u-1', 'u-2']), bet: { ...bet, status: 'agreed' } }))).toEqual({ ok: true });
  });

  it('knows who still has to answer a bet, and the pot', () => {
    const bet: Bet = {
      proposalId: 'b-1',
      amount: 10,
      proposedBy: 'u-1',
      expiresAt: '2026-03-02T06:02:00.000Z',
      acceptedBy: ['u-1'],
      status: 'proposed',
      pot: 20,
      proposedByName: 'Abebe',
    };
    const room = aRoom({ bet });
    expect(mustAnswerBet(room, 'u-1')).toBe(false);
    expect(mustAnswerBet(room, 'u-2')).toBe(true);
    expect(mustAnswerBet(room, 'u-9')).toBe(false);
    expect(mustAnswerBet(aRoom({ bet: { ...bet, status: 'expired' } }), 'u-2')).toBe(false);
    expect(betPot(bet, room)).toBe(20);
    expect(betPot({ ...bet, pot: 30 }, room)).toBe(30);
    expect(canProposeBet(room)).toBe(false);
    expect(canProposeBet(aRoom({ bet: { ...bet, status: 'declined' } }))).toBe(true);
    expect(canProposeBet(aRoom())).toBe(true);
  });
});

describe('the prize and the settlement', () => {
  const settlement = {
    matchId: 'm-1',
    pot: 30,
    rake: 3,
    prize: 27,
    players: [
      { id: 'u-1', payout: 27, spent: 15, net: 12 },
      { id: 'u-2', payout: 0, spent: 15, net: -15 },
    ],
  };

  it("shows the server's prize; none when it sent none", () => {
    expect(roomPrize(aRoom({ prize: 16 }))).toBe(16);
    expect(roomPrize(aRoom({ prize: 0 }))).toBe(0);
    expect(roomPrize(aRoom())).toBeNull();
  });

  it("reads a match's settlement and each player's net, only for that match", () => {
    const room = aRoom({ status: 'finished', settlement });
    expect(settlementOf(room, 'm-1')).toEqual(settlement);
    expect(settlementOf(room, 'm-2')).toBeNull();
    expect(settlementOf(aRoom(), 'm-1')).toBeNull();
    expect(netOf(room, 'm-1', 'u-1')).toBe(12);
    expect(netOf(room, 'm-1', 'u-2')).toBe(-15);
    expect(netOf(room, 'm-1', 'u-9')).toBeNull();
    expect(netOf(aRoom({ settlement: null }), 'm-1', 'u-1')).toBeNull();
  });
});
