import type { DuelView, RoomView } from '../rooms-api.ts';

export function aRoom(overrides: Partial<RoomView> = {}): RoomView {
  return {
    code: 'ABC234',
    roomName: 'Friday words',
    description: null,
    game: 'hangman',
    language: 'en',
    maxPlayers: 4,
    gameDuration: 'normal',
    entryFee: 9,
    penalty: 0,
    private: false,
    status: 'waiting',
    hostId: 'u-1',
    hostName: 'Abebe',
    matchId: 'm-1',
    createdAt: '2026-03-02T06:00:00.000Z',
    players: [
      { id: 'u-1', status: 'joined', online: true, name: 'Abebe', avatar: null, badge: null },
      { id: 'u-2', status: 'joined', online: true, name: 'Sara', avatar: null, badge: 'ras' },
    ],
    bet: null,
    matches: ['m-1'],
    ...overrides,
  };
}

export function aDuel(overrides: Partial<DuelView> = {}): DuelView {
  return {
    mode: 'duel',
    matchId: 'm-1',
    roomCode: 'ABC234',
    language: 'en',
    status: 'playing',
    round: 1,
    rounds: 2,
    phase: 'guessing',
    setterId: 'u-1',
    currentPlayerId: 'u-2',
    turn: 2,
    turnDeadline: '2026-03-02T06:01:00.000Z',
    matchDeadline: '2026-03-02T06:05:00.000Z',
    slots: [null, null, null, null],
    guessed: [],
    wrongGuesses: 0,
    livesLeft: 7,
    hintsLeft: 3,
    scores: { 'u-1': 0, 'u-2': 0 },
    players: [
      { id: 'u-1', status: 'playing', timeoutsInRow: 0 },
      { id: 'u-2', status: 'playing', timeoutsInRow: 0 },
    ],
    lastRounds: [],
    ...overrides,
  };
}
