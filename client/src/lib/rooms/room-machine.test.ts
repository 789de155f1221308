import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api-client.ts';
import { isNotOlder, roomMachine, turnOf, type Loaded } from './room-machine.ts';
import type { DuelMove, DuelView, RoomAction, RoomView } from './rooms-api.ts';
import { aDuel, aRoom } from '../../testing/room-fixtures.ts';

type Fakes = {
  load?: () => Promise<Loaded>;
  act?: (action: RoomAction) => Promise<RoomView>;
  move?: (move: DuelMove) => Promise<DuelView | null>;
};

function start(fakes: Fakes = {}, me = 'u-2') {
  const calls = { loads: 0, actions: [] as RoomAction[], moves: [] as DuelMove[], problems: [] as unknown[], done: [] as string[] };
  const machine = roomMachine.provide({
    actors: {
      loadRoom: fromPromise(async () => {
        calls.loads++;
        return (fakes.load ?? (async () => ({ room: aRoom(), match: null })))();
      }),
      roomAction: fromPromise(async ({ input }) => {
        calls.actions.push(input.action);
        return (fakes.act ?? (async () => aRoom()))(input.action);
      }),
      submitMove: fromPromise(async ({ input }) => {
        calls.moves.push(input.move);
        return (fakes.move ?? (async () => aDuel()))(input.move);
      }),
    },
    actions: {
      reportProblem: (_, error) => void calls.problems.push(error),
      actionDone: (_, done) => void calls.done.push(done.action.type),
    },
  });
  const actor = createActor(machine, { input: { code: 'ABC234', me } }).start();
  return { actor, calls };
}

const lifecycle = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value as { lifecycle: unknown; request: string };
const inProgress = aRoom({ status: 'in_progress', players: aRoom().players.map((p) => ({ ...p, status: 'playing' as const })) });

describe('room machine: the room lifecycle', () => {
  it('given a waiting room, when it has loaded, then it waits', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    expect(actor.getSnapshot().context.room?.code).toBe('ABC234');
  });

  it('given the room cannot be read, then it is unavailable and says why; a refresh tries again', async () => {
    const refusal = new ApiError(404, 'room_not_found', 'Room not found');
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(refusal) : { room: aRoom(), match: null }) });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'unavailable' }));
    expect(calls.problems).toEqual([refusal]);
    fail = false;
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
  });

  it('given a waiting room, when a push says the match started, then it goes in progress', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ROOM', room: inProgress });
    expect(actor.getSnapshot().matches({ lifecycle: 'inProgress' })).toBe(true);
  });

  it('ignores a push about another room', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ROOM', room: aRoom({ code: 'XYZ789', status: 'in_progress' }) });
    expect(actor.getSnapshot().matches({ lifecycle: 'waiting' })).toBe(true);
  });

  it('given a finished match, when the host starts a rematch, then the room waits again with a fresh match', async () => {
    const { actor } = start({
      load: async () => ({
        room: aRoom({ status: 'finished' }),
        match: aDuel({ status: 'finished', phase: 'finished', winners: ['u-2'] }),
      }),
    });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'finished' }));
    actor.send({ type: 'ROOM', room: aRoom({ status: 'waiting', matchId: 'm-2' }) });
    expect(actor.getSnapshot().matches({ lifecycle: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.match).toBeNull();
  });

  it('given a deleted room, then it is closed', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ROOM', room: aRoom({ status: 'cancelled' }) });
    expect(actor.getSnapshot().matches({ lifecycle: 'closed' })).toBe(true);
  });
});

describe('room machine: actions', () => {
  it('sends one action at a time and keeps the room it answers', async () => {
    let release!: (room: RoomView) => void;
    const { actor, calls } = start({ act: () => new Promise((resolve) => (release = resolve)) });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ACT', action: { type: 'ready' } });
    actor.send({ type: 'ACT', action: { type: 'ready' } });
    expect(lifecycle(actor).request).toBe('acting');
    expect(calls.actions).toEqual([{ type: 'ready' }]);
    const ready = aRoom({ players: aRoom().players.map((p) => (p.id === 'u-2' ? { ...p, status: 'ready' as const } : p)) });
    release(ready);
    await waitFor(actor, (s) => s.matches({ request: 'idle' }));
    expect(actor.getSnapshot().context.room?.players[1]?.status).toBe('ready');
    expect(calls.done).toEqual(['ready']);
  });

  it('tells the page which action went through (e.g. leave, so it can go back to the lobby)', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ACT', action: { type: 'invite', username: 'sara' } });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }) && calls.done.length === 1);
    actor.send({ type: 'ACT', action: { type: 'leave' } });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }) && calls.done.length === 2);
    expect(calls.done).toEqual(['invite', 'leave']);
    expect(actor.getSnapshot().context.pendingAction).toBeNull();
  });

  it('reports a refused action (the server message) and stays in the room', async () => {
    const refusal = new ApiError(422, 'insufficient_tokens', 'Not enough tokens');
    const { actor, calls } = start({ act: async () => Promise.reject(refusal) });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ACT', action: { type: 'ready' } });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }) && calls.problems.length > 0);
    expect(calls.problems).toEqual([refusal]);
    expect(calls.done).toEqual([]);
    expect(actor.getSnapshot().matches({ lifecycle: 'waiting' })).toBe(true);
  });

  it("keeps another player's ready, pushed while the answer to my own ready was on its way", async () => {
    let release!: (room: RoomView) => void;
    const { actor, calls } = start(
      { load: async () => ({ room: aRoom({ version: 10 }), match: null }), act: () => new Promise((resolve) => (release = resolve)) },
      'u-1',
    );
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    const readyOf = (ids: string[], version: number) =>
      aRoom({ version, players: aRoom().players.map((p) => (ids.includes(p.id) ? { ...p, status: 'ready' as const, ready: true } : p)) });
    actor.send({ type: 'ACT', action: { type: 'ready' } });
    // The server made me ready (version 12), then Sara (14); the push of hers arrives before the answer to mine.
    actor.send({ type: 'ROOM', room: readyOf(['u-1', 'u-2'], 14) });
    release(readyOf(['u-1'], 12));
    await waitFor(actor, (s) => s.matches({ request: 'idle' }));
    expect(actor.getSnapshot().context.room?.players.map((p) => p.status)).toEqual(['ready', 'ready']);
    expect(calls.done).toEqual(['ready']);
  });

  it('keeps a pushed room over a re-read that began before the push', async () => {
    let finishRead!: (loaded: Loaded) => void;
    let reads = 0;
    const { actor } = start({
      load: () =>
        (reads += 1) === 1
          ? Promise.resolve({ room: aRoom({ version: 10 }), match: null })
          : new Promise((resolve) => (finishRead = resolve)),
    });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'ROOM', room: aRoom({ version: 15, roomName: 'Pushed' }) });
    expect(actor.getSnapshot().context.room?.roomName).toBe('Pushed');
    finishRead({ room: aRoom({ version: 12, roomName: 'Read' }), match: null });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }));
    expect(actor.getSnapshot().context.room?.roomName).toBe('Pushed');
    actor.send({ type: 'ROOM', room: aRoom({ version: 16, roomName: 'Newer' }) });
    expect(actor.getSnapshot().context.room?.roomName).toBe('Newer');
  });

  it('goes in progress when the start answers with the running room', async () => {
    const { actor } = start({ act: async () => inProgress }, 'u-1');
    await waitFor(actor, (s) => s.matches({ lifecycle: 'waiting' }));
    actor.send({ type: 'ACT', action: { type: 'start' } });
    await waitFor(actor, (s) => s.matches({ lifecycle: 'inProgress' }));
  });
});

describe('room machine: the turn', () => {
  async function playing(match: DuelView, fakes: Fakes = {}, me = 'u-2') {
    const started = start({ load: async () => ({ room: inProgress, match }), ...fakes }, me);
    await waitFor(started.actor, (s) => s.matches({ lifecycle: 'inProgress' }));
    return started;
  }

  it('shows the set-word form to the setter only', async () => {
    const setting = aDuel({ phase: 'setting', slots: null, currentPlayerId: 'u-1' });
    const setter = await playing(setting, {}, 'u-1');
    expect(setter.actor.getSnapshot().matches({ lifecycle: { inProgress: 'setting' } })).toBe(true);
    const guesser = await playing(setting, {}, 'u-2');
    expect(guesser.actor.getSnapshot().matches({ lifecycle: { inProgress: 'watching' } })).toBe(true);
  });

  it('given the setter, when they set a word, then it is sent trimmed and the guessing starts', async () => {
    const setting = aDuel({ phase: 'setting', slots: null, currentPlayerId: 'u-1', turn: 1 });
    const { actor, calls } = await playing(setting, { move: async () => aDuel({ turn: 2 }) }, 'u-1');
    actor.send({ type: 'SET_WORD', word: '  lion ' });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }) && calls.moves.length === 1);
    expect(calls.moves).toEqual([{ type: 'set_word', word: 'lion' }]);
    expect(actor.getSnapshot().matches({ lifecycle: { inProgress: 'watching' } })).toBe(true);
  });

  it('lets only the player whose turn it is guess, one letter at a time, never a used one', async () => {
    let release!: (view: DuelView) => void;
    const { actor, calls } = await playing(aDuel({ guessed: ['e'] }), { move: () => new Promise((resolve) => (release = resolve)) });
    expect(actor.getSnapshot().matches({ lifecycle: { inProgress: 'guessing' } })).toBe(true);
    actor.send({ type: 'GUESS', letter: 'e' });
    expect(calls.moves).toEqual([]);
    actor.send({ type: 'GUESS', letter: 'a' });
    actor.send({ type: 'GUESS', letter: 'b' });
    expect(calls.moves).toEqual([{ type: 'guess', letter: 'a' }]);
    release(aDuel({ guessed: ['e', 'a'], currentPlayerId: 'u-1', turn: 3 }));
    await waitFor(actor, (s) => s.matches({ request: 'idle' }));
    expect(actor.getSnapshot().matches({ lifecycle: { inProgress: 'watching' } })).toBe(true);
    actor.send({ type: 'GUESS', letter: 'b' });
    expect(calls.moves).toHaveLength(1);
  });

  it('allows a hint only while the room has hints left', async () => {
    const { actor, calls } = await playing(aDuel({ hintsLeft: 0 }));
    actor.send({ type: 'HINT' });
    expect(calls.moves).toEqual([]);
    actor.send({ type: 'MATCH', view: aDuel({ hintsLeft: 1, turn: 3 }) });
    actor.send({ type: 'HINT' });
    expect(calls.moves).toEqual([{ type: 'hint' }]);
  });

  it('given a refused move (e.g. invalid word), then it reports it and re-reads the board', async () => {
    const refusal = new ApiError(422, 'invalid_word', 'Invalid Word');
    const setting = aDuel({ phase: 'setting', slots: null, currentPlayerId: 'u-1' });
    const { actor, calls } = await playing(setting, { move: async () => Promise.reject(refusal) }, 'u-1');
    const loadsBefore = calls.loads;
    actor.send({ type: 'SET_WORD', word: 'qzx' });
    await waitFor(actor, (s) => s.matches({ request: 'idle' }) && calls.problems.length === 1);
    expect(calls.problems).toEqual([refusal]);
    expect(calls.loads).toBe(loadsBefore + 1);
    expect(actor.getSnapshot().matches({ lifecycle: { inProgress: 'setting' } })).toBe(true);
  });

  it('keeps a pushed view that overtook the answer to a move', async () => {
    let release!: (view: DuelView) => void;
    const { actor } = await playing(aDuel(), { move: () => new Promise((resolve) => (release = resolve)) });
    actor.send({ type: 'GUESS', letter: 'a' });
    const pushed = aDuel({ guessed: ['a', 'b'], turn: 4, currentPlayerId: 'u-1' });
    actor.send({ type: 'MATCH', view: pushed });
    release(aDuel({ guessed: ['a'], turn: 3 }));
    await waitFor(actor, (s) => s.matches({ request: 'idle' }));
    expect(actor.getSnapshot().context.match?.turn).toBe(4);
  });

  it('ends the turn region when the match is over (final view pushed)', async () => {
    const { actor } = await playing(aDuel());
    actor.send({ type: 'MATCH', view: aDuel({ status: 'finished', phase: 'finished', winners: ['u-2'], turn: 9 }) });
    expect(actor.getSnapshot().matches({ lifecycle: { inProgress: 'over' } })).toBe(true);
    actor.send({ type: 'ROOM', room: aRoom({ status: 'finished' }) });
    expect(actor.getSnapshot().matches({ lifecycle: 'finished' })).toBe(true);
  });

  it('after a reconnect, the snapshot replaces the board even when it is the same turn', async () => {
    const { actor } = await playing(aDuel({ guessed: ['a'], turn: 3 }));
    actor.send({ type: 'MATCH', view: aDuel({ guessed: ['a'], turn: 3, livesLeft: 6 }) });
    expect(actor.getSnapshot().context.match?.livesLeft).toBe(6);
  });
});

describe('match progress and turn', () => {
  it('orders views by finished, turn, round, phase and guesses', () => {
    expect(isNotOlder(aDuel({ turn: 3 }), aDuel({ turn: 4 }))).toBe(false);
    expect(isNotOlder(aDuel({ turn: 4 }), aDuel({ turn: 3, guessed: ['a', 'b'] }))).toBe(true);
    expect(isNotOlder(aDuel({ guessed: ['a', 'b'] }), aDuel({ guessed: ['a'] }))).toBe(true);
    expect(isNotOlder(aDuel({ status: 'finished', turn: 1 }), aDuel({ turn: 5 }))).toBe(true);
    expect(isNotOlder(aDuel({ matchId: 'm-2', turn: 0 }), aDuel({ turn: 5 }))).toBe(true);
    expect(isNotOlder(aDuel(), null)).toBe(true);
  });

  it('tells the viewer what they do now', () => {
    expect(turnOf(null, 'u-1')).toBe('watching');
    expect(turnOf(aDuel({ phase: 'setting', setterId: 'u-1' }), 'u-1')).toBe('setting');
    expect(turnOf(aDuel({ phase: 'setting', setterId: 'u-1' }), 'u-2')).toBe('watching');
    expect(turnOf(aDuel({ currentPlayerId: 'u-2' }), 'u-2')).toBe('guessing');
    expect(turnOf(aDuel({ status: 'finished', phase: 'finished' }), 'u-2')).toBe('over');
  });
});
