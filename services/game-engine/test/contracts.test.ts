/**
 * The engine's views fit the client contracts (@qal/events contracts/): every view function's output, for every
 * viewer, at every step of whole games, parses with its schema and comes back unchanged (nothing stripped), and
 * the replays parse as the replay contracts. The types are checked too: the engine's query answers must be
 * assignable to the contracts' (read-only) shapes.
 */
import type { HistoryItem, InvitationView } from '@qal/events';
import { CrazyReplay, CrazyView, DuelReplay, DuelView, HangmanView, MatchReplay, MatchView, RoomSnapshot, RoomView } from '@qal/events';
import { describe, expect, it } from 'vitest';
import type * as engine from '../src/index.ts';
import { testServerSeed } from '../src/fairness/testing.ts';
import { cardOf, isWild } from '../src/games/crazy/cards.ts';
import { goesOnPile, step as crazyStep, startEvents as crazyStart, fold as crazyFold } from '../src/games/crazy/decider.ts';
import type { CrazyCommand, CrazyEvent } from '../src/games/crazy/messages.ts';
import { replaySteps as crazyReplaySteps } from '../src/games/crazy/replay.ts';
import { handOf, type CrazyState } from '../src/games/crazy/state.ts';
import { viewFor as crazyViewFor } from '../src/games/crazy/view.ts';
import { decide as duelDecide, fold as duelFold } from '../src/games/hangman-duel/decider.ts';
import type { DuelCommand, DuelEvent } from '../src/games/hangman-duel/messages.ts';
import { replaySteps as duelReplaySteps } from '../src/games/hangman-duel/replay.ts';
import type { DuelState } from '../src/games/hangman-duel/state.ts';
import { duelConfig, testIsWord } from '../src/games/hangman-duel/testing.ts';
import { startEvents as duelStart } from '../src/games/hangman-duel/decider.ts';
import { viewFor as duelViewFor } from '../src/games/hangman-duel/view.ts';
import { decide as hangmanDecide, evolve as hangmanEvolve, initialState as hangmanInitial } from '../src/games/hangman/decider.ts';
import type { HangmanCommand } from '../src/games/hangman/messages.ts';
import type { HangmanState } from '../src/games/hangman/state.ts';
import { publicView as hangmanPublicView, viewFor as hangmanViewFor } from '../src/games/hangman/view.ts';
import type { RoomEvent } from '../src/rooms/events.ts';
import { foldRoom } from '../src/rooms/state.ts';
import { invitedIdsOf, memberIdsOf, roomView } from '../src/rooms/view.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** Parses with the schema and expects the very same value back: the contract neither rejects nor drops anything. */
function fits(schema: { parse(value: unknown): unknown }, value: unknown): void {
  const wire = JSON.parse(JSON.stringify(value)) as unknown;
  expect(schema.parse(wire)).toEqual(wire);
}

// Compile-time: what the engine answers must fit the contracts (read-only on the engine's side is fine).
type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
type Fits<A extends DeepReadonly<B>, B> = [A, B];
export type EngineAnswersFitTheContracts = [
  Fits<engine.RoomView, RoomView>,
  Fits<engine.RoomSnapshot, RoomSnapshot>,
  Fits<engine.InvitationView, InvitationView>,
  Fits<engine.HistoryItem, HistoryItem>,
  Fits<engine.MatchReplay, MatchReplay>,
  Fits<engine.HangmanReplay['steps'][number], engine.HangmanReplay['steps'][number]>,
  Fits<NonNullable<Awaited<ReturnType<engine.EngineQueries['matchView']>>>['view'], MatchView>,
];

describe('single-player Hangman', () => {
  it('every view of a won and of a lost game is a HangmanView', () => {
    for (const [language, seed, letters] of [
      ['en', 'seed-won', 'etaoinshrdlucmfwypvbgkqjxz'],
      ['am', 'seed-am', ''],
      ['en', 'seed-lost', 'qxzjvkw'],
    ] as const) {
      const seeds = { serverSeed: testServerSeed(seed), clientSeed: 'ann-seed', nonce: 0 };
      const started = hangmanInitial({ matchId: 'm-1', playerId: 'ann', language, startedAt: at(0) }, seeds);
      if (typeof started === 'string') throw new Error(started);
      let state: HangmanState = started;
      const views = [hangmanPublicView(state)];
      const commands: HangmanCommand[] = [
        { type: 'UseHint', data: { matchId: 'm-1', playerId: 'ann', at: at(1) } },
        ...[...letters].map((letter, i): HangmanCommand => ({
          type: 'GuessLetter',
          data: { matchId: 'm-1', playerId: 'ann', letter, at: at(2 + i) },
        })),
        { type: 'ExpireHangman', data: { matchId: 'm-1', at: at(3600) } },
      ];
      for (const command of commands) {
        const events = hangmanDecide(command, state);
        if (typeof events === 'string') continue;
        state = events.reduce(hangmanEvolve, state);
        views.push(hangmanViewFor(state, 'ann'));
      }
      expect(views.at(-1)?.status).not.toBe('playing');
      for (const view of views) {
        fits(HangmanView, view);
        fits(MatchView, view);
      }
    }
  });
});

describe('the word duel', () => {
  it('every viewer’s view at every step, and the replay, fit DuelView and DuelReplay', () => {
    const players = ['ann', 'bob', 'cat'];
    let events: DuelEvent[] = duelStart(duelConfig({ players }), testServerSeed('seed-1'));
    let state: DuelState = duelFold(events);
    const commands: DuelCommand[] = [];
    let t = 1;
    const apply = (command: DuelCommand): boolean => {
      const outcome = duelDecide(command, state, testIsWord);
      if (typeof outcome === 'string') return false;
      events = [...events, ...outcome];
      state = duelFold(events);
      commands.push(command);
      for (const viewer of [...players, null]) {
        const view = duelViewFor(state, viewer);
        fits(DuelView, view);
        fits(MatchView, view);
      }
      return true;
    };
    // Each round: the setter sets a word, the others guess through the alphabet (a hint on the way); a removal and
    // a timeout on the way cover the players' other ends.
    for (let round = 0; round < 6 && state.status === 'playing'; round++) {
      if (state.setterId)
        apply({ type: 'SetWord', data: { playerId: state.setterId, word: round === 1 ? 'banana' : 'apple', at: at(t++) } });
      if (round === 2) apply({ type: 'TimeoutTurn', data: { turn: state.turn, at: at((t += 60)) } });
      for (const letter of 'eaplnbiouz') {
        if (state.status !== 'playing' || state.phase !== 'guessing' || !state.currentPlayer) break;
        if (letter === 'l') apply({ type: 'UseHint', data: { playerId: state.currentPlayer, at: at(t++) } });
        else apply({ type: 'GuessLetter', data: { playerId: state.currentPlayer, letter, at: at(t++) } });
      }
      if (round === 1) apply({ type: 'RemovePlayer', data: { playerId: 'cat', reason: 'left', at: at(t++) } });
    }
    if (state.status === 'playing') apply({ type: 'EndOnTime', data: { at: at(3600) } });
    expect(state.status).toBe('finished');
    expect(commands.length).toBeGreaterThan(5);

    const steps = duelReplaySteps(events, { revealWord: true });
    const replay = {
      kind: 'duel',
      matchId: state.matchId,
      roomCode: state.roomCode,
      final: duelViewFor(state, null, { revealWord: true }),
      steps,
    };
    fits(DuelReplay, replay);
    fits(MatchReplay, replay);
  });
});

describe('Crazy', () => {
  /** The first move the decider takes: Qeregn when down to two, a card that goes, the chain, a draw, a pass. */
  function movesOf(state: CrazyState, t: number): CrazyCommand[] {
    const playerId = state.currentPlayer!;
    const hand = handOf(state, playerId);
    const moves: CrazyCommand[] = [];
    if (hand.length <= 2 && !state.saidQeregn[playerId]) moves.push({ type: 'SayQeregn', data: { playerId, at: at(t) } });
    for (const id of hand) {
      const card = cardOf(id);
      if (goesOnPile(state, card))
        moves.push({ type: 'PlayCards', data: { playerId, cards: [id], ...(isWild(card) ? { suit: 'spades' as const } : {}), at: at(t) } });
    }
    moves.push({ type: 'FacePenalty', data: { playerId, at: at(t) } });
    moves.push({ type: 'DrawCard', data: { playerId, at: at(t) } });
    moves.push({ type: 'Pass', data: { playerId, at: at(t) } });
    return moves;
  }

  it('every viewer’s view at every step, revealed or not, and the replay fit CrazyView and CrazyReplay', () => {
    const players = ['ann', 'bob', 'cat', 'dan'];
    let events: CrazyEvent[] = crazyStart(
      { matchId: 'm-1', roomCode: 'ABC234', players, turnMs: 30_000, startedAt: at(0) },
      testServerSeed('seed-1'),
    );
    let state = crazyFold(events);
    const kinds = new Set<string>();
    const check = () => {
      for (const viewer of [...players, null]) {
        const view = crazyViewFor(state, viewer);
        fits(CrazyView, view);
        fits(MatchView, view);
        if (view.last) kinds.add(view.last.kind);
      }
      fits(CrazyView, crazyViewFor(state, null, { revealHands: true }));
    };
    const apply = (command: CrazyCommand): boolean => {
      const outcome = crazyStep(command, state);
      if (typeof outcome === 'string') return false;
      events = [...events, ...outcome.events];
      state = outcome.state;
      check();
      return true;
    };
    check();
    let t = 1;
    for (let n = 0; n < 400 && state.status === 'playing'; n++, t++) {
      if (n === 5) apply({ type: 'TimeoutTurn', data: { turn: state.turnNumber, at: at((t += 120)) } });
      if (n === 9)
        apply({ type: 'PlayCards', data: { playerId: state.currentPlayer!, cards: [handOf(state, state.currentPlayer!)[0]!], at: at(t) } });
      if (n === 12) for (const target of players) apply({ type: 'CallCrazy', data: { playerId: players[0]!, target, at: at(t) } });
      if (n === 20) apply({ type: 'RemovePlayer', data: { playerId: 'dan', reason: 'left', at: at(t) } });
      if (state.status !== 'playing') break;
      movesOf(state, t).some(apply);
    }
    for (const playerId of players)
      if (state.status === 'playing') apply({ type: 'RemovePlayer', data: { playerId, reason: 'timeouts', at: at(t++) } });
    expect(state.status).toBe('finished');
    expect(kinds.size).toBeGreaterThan(4);

    const steps = crazyReplaySteps(events, { revealHands: true });
    const replay = {
      kind: 'crazy',
      matchId: state.matchId,
      roomCode: state.roomCode,
      final: crazyViewFor(state, null, { revealHands: true }),
      steps,
    };
    fits(CrazyReplay, replay);
    fits(MatchReplay, replay);
  });
});

describe('rooms', () => {
  it('the room view through a room’s life fits RoomView and RoomSnapshot', () => {
    const settings = {
      roomName: 'Friday words',
      description: '',
      game: 'crazy',
      language: 'am',
      maxPlayers: 4,
      gameDuration: 'rush',
      entryFee: 10,
      penalty: 5,
    } as const;
    let events: RoomEvent[] = [
      { type: 'RoomCreated', data: { code: 'ABC234', matchId: 'm-1', hostId: 'ann', settings, passwordHash: 'hash', at: at(0) } },
    ];
    const more: RoomEvent[] = [
      { type: 'PlayerJoined', data: { userId: 'bob', invitationId: null, at: at(1) } },
      { type: 'PlayerInvited', data: { invitationId: 'i-1', inviteeId: 'cat', fromUserId: 'ann', matchId: 'm-1', at: at(2) } },
      { type: 'BetProposed', data: { proposalId: 'p-1', amount: 20, proposedBy: 'ann', at: at(3), expiresAt: at(63) } },
      { type: 'BetAccepted', data: { proposalId: 'p-1', userId: 'ann', at: at(4) } },
      { type: 'PresenceChanged', data: { userId: 'bob', online: true, at: at(5) } },
    ];
    const snapshots = [];
    for (const event of more) {
      events = [...events, event];
      const state = foldRoom(events)!;
      const view = roomView(state);
      expect(JSON.stringify(view)).not.toMatch(/hash/i);
      snapshots.push({ view, version: events.length, memberIds: memberIdsOf(state), invitedIds: invitedIdsOf(state) });
    }
    for (const snapshot of snapshots) {
      fits(RoomView, snapshot.view);
      fits(RoomSnapshot, snapshot);
    }
    expect(snapshots.at(-1)?.view.bet).toMatchObject({ status: 'proposed', acceptedBy: ['ann'] });
  });
});
