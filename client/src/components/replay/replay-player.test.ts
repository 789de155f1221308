import { describe, expect, it } from 'vitest';
import { initialReplay, replayReducer, stepDelay, type ReplayAction, type ReplayPlayerState } from './replay-player.ts';

const run = (state: ReplayPlayerState, ...actions: ReplayAction[]) => actions.reduce(replayReducer, state);

describe('replay player', () => {
  it('starts paused on the first step at 1×', () => {
    expect(initialReplay(5)).toEqual({ index: 0, length: 5, playing: false, speed: 1 });
  });

  it('plays one step per tick and stops on the last step', () => {
    const end = run(initialReplay(3), { type: 'play' }, { type: 'tick' }, { type: 'tick' });
    expect(end).toMatchObject({ index: 2, playing: false });
    expect(run(end, { type: 'tick' }).index).toBe(2);
  });

  it('ignores ticks while paused', () => {
    expect(run(initialReplay(3), { type: 'tick' }).index).toBe(0);
    expect(run(initialReplay(3), { type: 'play' }, { type: 'pause' }, { type: 'tick' }).index).toBe(0);
  });

  it('steps back and forward within the steps, pausing', () => {
    const state = run(initialReplay(3), { type: 'play' }, { type: 'forward' });
    expect(state).toMatchObject({ index: 1, playing: false });
    expect(run(state, { type: 'forward' }, { type: 'forward' }).index).toBe(2);
    expect(run(state, { type: 'back' }, { type: 'back' }).index).toBe(0);
    expect(run(state, { type: 'seek', index: 99 }).index).toBe(2);
  });

  it('plays again from the start once at the end', () => {
    const end = run(initialReplay(3), { type: 'seek', index: 2 }, { type: 'play' });
    expect(end).toMatchObject({ index: 0, playing: true });
  });

  it('keeps the speed and shortens the delay 2× and 4×', () => {
    expect(run(initialReplay(3), { type: 'speed', speed: 4 }).speed).toBe(4);
    expect(stepDelay(2)).toBe(stepDelay(1) / 2);
    expect(stepDelay(4)).toBe(stepDelay(1) / 4);
  });

  it('does nothing without steps', () => {
    expect(run(initialReplay(0), { type: 'play' }, { type: 'tick' })).toEqual(initialReplay(0));
  });
});
