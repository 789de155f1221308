import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client.ts';
import { card } from './crazy-fixtures.ts';
import { aCrazyView } from './crazy-fixtures.ts';
import type { CrazyMove, CrazyView } from './crazy-api.ts';
import { crazyMachine } from './crazy-machine.ts';

type Fakes = { load?: () => Promise<CrazyView | null>; move?: (move: CrazyMove) => Promise<CrazyView | null> };

function start(fakes: Fakes = {}, me = 'u-2') {
  const calls = { loads: 0, moves: [] as CrazyMove[], problems: [] as unknown[], moved: [] as string[] };
  const machine = crazyMachine.provide({
    actors: {
      loadView: fromPromise(async () => {
        calls.loads++;
        return (fakes.load ?? (async () => aCrazyView()))();
      }),
      submitMove: fromPromise(async ({ input }) => {
        calls.moves.push(input.move);
        return (fakes.move ?? (async () => aCrazyView({ turn: 'u-1', turnNumber: 4 })))(input.move);
      }),
    },
    actions: {
      reportProblem: (_, error) => void calls.problems.push(error),
      moved: (_, move) => void calls.moved.push(move.type),
    },
  });
  const actor = createActor(machine, { input: { matchId: 'm-1', me } }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: 'selecting' }), { timeout: 5000 });

describe('the Crazy turn machine', () => {
  it('given my turn, when I tap a card and Play, then the card goes and the selection clears', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    expect(actor.getSnapshot().context.selection).toEqual(['h-3-1']);
    actor.send({ type: 'PLAY' });
    await waitFor(actor, (s) => s.matches({ ready: 'selecting' }) && s.context.view?.turn === 'u-1', { timeout: 5000 });
    expect(calls.moves).toEqual([{ type: 'play', cards: ['h-3-1'] }]);
    expect(calls.moved).toEqual(['play']);
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it('given a single 8 selected, when I play, then it asks for the suit and sends it with the card', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'c-8-1' });
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().matches({ ready: 'choosingSuit' })).toBe(true);
    actor.send({ type: 'CHOOSE_SUIT', suit: 'spades' });
    await ready(actor);
    expect(calls.moves).toEqual([{ type: 'play', cards: ['c-8-1'], suit: 'spades' }]);
  });

  it('given the suit is locked, when I play an 8, then no suit is asked for', async () => {
    const { actor, calls } = start({ load: async () => aCrazyView({ suitLocked: true }) });
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'c-8-1' });
    actor.send({ type: 'PLAY' });
    await ready(actor);
    expect(calls.moves).toEqual([{ type: 'play', cards: ['c-8-1'] }]);
  });

  it('given the suit chooser is open, when I tap another card, then the chooser closes (a drop needs no suit)', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'c-8-1' });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    expect(actor.getSnapshot().matches({ ready: 'selecting' })).toBe(true);
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'CANCEL_SUIT' });
    expect(actor.getSnapshot().matches({ ready: 'selecting' })).toBe(true);
  });

  it("given another player's turn, then Play, Draw and Pass do nothing, but Qeregn and Crazy calls go", async () => {
    const view = aCrazyView({
      turn: 'u-1',
      hand: [card('3', 'hearts')],
      players: [
        { id: 'u-1', status: 'playing', cards: 1, saidQeregn: false, timeoutsInRow: 0 },
        { id: 'u-2', status: 'playing', cards: 1, saidQeregn: false, timeoutsInRow: 0 },
      ],
    });
    const { actor, calls } = start({ load: async () => view, move: async () => view });
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'DRAW' });
    actor.send({ type: 'PASS' });
    expect(calls.moves).toEqual([]);
    actor.send({ type: 'QEREGN' });
    await ready(actor);
    actor.send({ type: 'CALL', target: 'u-1' });
    await ready(actor);
    actor.send({ type: 'CALL', target: 'u-2' });
    expect(calls.moves).toEqual([{ type: 'qeregn' }, { type: 'crazy', target: 'u-1' }]);
  });

  it('given my turn, then Draw goes once; Pass only after the draw; under a penalty Draw gives way to taking the cards', async () => {
    const { actor, calls } = start({ move: async () => aCrazyView({ hasDrawn: true }) });
    await ready(actor);
    actor.send({ type: 'PASS' });
    expect(calls.moves).toEqual([]);
    actor.send({ type: 'DRAW' });
    await waitFor(actor, (s) => s.matches({ ready: 'selecting' }) && s.context.view?.hasDrawn === true, { timeout: 5000 });
    actor.send({ type: 'DRAW' });
    actor.send({ type: 'PASS' });
    await ready(actor);
    expect(calls.moves).toEqual([{ type: 'draw' }, { type: 'pass' }]);

    const chained = start({ load: async () => aCrazyView({ penalty: 4, top: card('2', 'hearts') }) });
    await ready(chained.actor);
    chained.actor.send({ type: 'DRAW' });
    chained.actor.send({ type: 'FACE_PENALTY' });
    await ready(chained.actor);
    expect(chained.calls.moves).toEqual([{ type: 'face_penalty' }]);
  });

  it('given a double tap on Play, then one move is sent', async () => {
    let release: (view: CrazyView) => void = () => {};
    const { actor, calls } = start({ move: () => new Promise((resolve) => (release = resolve)) });
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'PLAY' });
    // Taps on cards are still taken while the move is on its way.
    actor.send({ type: 'TOGGLE', id: 'h-7-1' });
    expect(actor.getSnapshot().context.selection).toEqual(['h-3-1', 'h-7-1']);
    release(aCrazyView({ turn: 'u-1', turnNumber: 4 }));
    await ready(actor);
    expect(calls.moves).toHaveLength(1);
  });

  it('given a refused move, then the reason is reported and the view read again', async () => {
    const { actor, calls } = start({ move: async () => Promise.reject(new ApiError(409, 'not_your_turn', 'It is not your turn')) });
    await ready(actor);
    actor.send({ type: 'DRAW' });
    await waitFor(actor, () => calls.loads === 2, { timeout: 5000 });
    await ready(actor);
    expect(calls.problems).toHaveLength(1);
  });

  it('given a push newer than the answer, then the older answer does not replace it; a played card leaves the selection', async () => {
    const { actor } = start({ move: async () => aCrazyView({ turnNumber: 3 }) });
    await ready(actor);
    actor.send({ type: 'TOGGLE', id: 'h-3-1' });
    actor.send({ type: 'VIEW', view: aCrazyView({ turnNumber: 5, turn: 'u-1', hand: [card('9', 'spades')] }) });
    expect(actor.getSnapshot().context.selection).toEqual([]);
    actor.send({ type: 'VIEW', view: aCrazyView({ turnNumber: 4 }) });
    expect(actor.getSnapshot().context.view?.turnNumber).toBe(5);
    actor.send({ type: 'VIEW', view: aCrazyView({ matchId: 'm-2', turnNumber: 9 }) });
    expect(actor.getSnapshot().context.view?.matchId).toBe('m-1');
  });
});
