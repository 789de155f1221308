/** replay(): the view after every event of a finished duel, for the replay API. */
import { describe, expect, it } from 'vitest';
import { fold } from './decider.ts';
import { replay, replaySteps } from './replay.ts';
import { after, endOnTime, guess, play, setWord, started } from './testing.ts';
import { viewFor } from './view.ts';

const match = () => play(started(), setWord('ann', 'banana'), guess('bob', 'a'), guess('bob', 'z'), endOnTime(after(300)));

describe('replay', () => {
  it('gives one view per event, ending on the final view', () => {
    const { events, state } = match();
    const views = replay(events);
    expect(views).toHaveLength(events.length);
    expect(views.at(-1)).toEqual(viewFor(state, null, { revealWord: true }));
    expect(views.at(-1)).toMatchObject({ status: 'finished', word: 'banana' });
  });

  it("shows each round's word from the moment it is set, the match being over", () => {
    const views = replay(match().events);
    expect(views.map((v) => v.word ?? null)).toEqual([null, null, 'banana', 'banana', 'banana', 'banana']);
    expect(views.map((v) => v.phase)).toEqual(['setting', 'setting', 'guessing', 'guessing', 'guessing', 'finished']);
  });

  it('can show exactly what one player saw at the time', () => {
    const { events } = match();
    expect(replay(events, { viewerId: 'bob', revealWord: false }).map((v) => v.word ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'banana',
    ]);
    expect(replay(events, { viewerId: 'ann', revealWord: false })[2]!.word).toBe('banana');
  });

  it('labels each step with what happened, who did it and when', () => {
    const steps = replaySteps(match().events);
    expect(steps.map((s) => s.event)).toEqual(['DuelStarted', 'RoundStarted', 'WordSet', 'LetterGuessed', 'LetterGuessed', 'DuelFinished']);
    expect(steps.map(({ view: _view, ...step }) => step)).toEqual([
      { index: 0, kind: 'start', event: 'DuelStarted', at: after(0) },
      { index: 1, kind: 'round_start', event: 'RoundStarted', at: after(0), playerId: 'ann' },
      { index: 2, kind: 'set_word', event: 'WordSet', at: after(1), playerId: 'ann', word: 'banana' },
      { index: 3, kind: 'guess', event: 'LetterGuessed', at: after(2), playerId: 'bob', letter: 'a', hit: true },
      { index: 4, kind: 'guess', event: 'LetterGuessed', at: after(2), playerId: 'bob', letter: 'z', hit: false },
      { index: 5, kind: 'end', event: 'DuelFinished', at: after(300) },
    ]);
    expect(replaySteps(match().events, { viewerId: 'bob', revealWord: false })[2]).not.toHaveProperty('word');
    expect(steps.at(-1)!.at).toBe(after(300));
    expect(fold(match().events).status).toBe('finished');
  });
});

describe('replay of rounds that end', () => {
  it('names the solver and the word of an ended round', () => {
    const { events } = play(started(), setWord('ann', 'abc'), guess('bob', 'a'), guess('bob', 'b'), guess('bob', 'c'));
    const ended = replaySteps(events, { revealWord: false }).find((s) => s.kind === 'round_end')!;
    expect(ended).toMatchObject({ event: 'RoundEnded', playerId: 'bob', word: 'abc' });
  });
});
