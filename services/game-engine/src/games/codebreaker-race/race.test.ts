import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RoomMatchSetup } from '../module.ts';
import { decideRace, evolve, foldRace, startRace, type CodeRaceState } from './decider.ts';
import type { CodeRaceCommand, CodeRaceEvent } from './messages.ts';
import { codebreakerRaceModule } from './module.ts';
import { CODE_RACE_ATTEMPTS, CODE_RACE_DURATION_MS, CODE_RACE_HINTS, missScore, solveScore } from './rules.ts';
import { raceViewFor } from './view.ts';

const T0 = '2026-05-01T09:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const SEED = 'a'.repeat(64);
const setup: RoomMatchSetup = {
  matchId: 'codebreaker-race.m1',
  roomCode: 'ABC234',
  players: ['ann', 'bek', 'cal'],
  gameDuration: 'normal',
  language: 'en',
  startedAt: T0,
};

const started = () => foldRace(startRace(setup, SEED));
const codeOf = (state: CodeRaceState) => state.start.code;
/** A wrong guess of the right length: the code's digits rotated (all misplaced, none exact). */
const wrong = (code: string) => code.slice(1) + code[0];

function when(state: CodeRaceState, command: CodeRaceCommand): { events: CodeRaceEvent[]; state: CodeRaceState } {
  const events = decideRace(command, state);
  if (typeof events === 'string') throw new Error(`rejected: ${events}`);
  return { events, state: events.reduce(evolve, state) };
}
const guess = (playerId: string, digits: string, seconds: number): CodeRaceCommand => ({
  type: 'GuessRaceCode',
  playerId,
  digits,
  at: at(seconds),
});

describe('the Codebreaker race', () => {
  it('draws one secret of four distinct digits from the committed seed, and shows nobody the code', () => {
    const state = started();
    expect(codeOf(state)).toMatch(/^[0-9]{4}$/);
    expect(new Set(codeOf(state)).size).toBe(4);
    expect(startRace(setup, SEED)).toEqual(startRace(setup, SEED));
    expect(state.start.commitment).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const view = raceViewFor(state, 'ann');
    expect(view.code).toBeNull();
    expect(view.fairness.serverSeed).toBeNull();
    expect(JSON.stringify(view)).not.toContain(SEED);
    expect(Date.parse(view.deadline) - Date.parse(T0)).toBe(CODE_RACE_DURATION_MS.normal);
  });

  it('gives each guess its pegs; the guesser sees their digits, the others only the pegs', () => {
    const state = started();
    const { state: after } = when(state, guess('ann', wrong(codeOf(state)), 10));
    const mine = raceViewFor(after, 'ann').players.find((p) => p.id === 'ann')!;
    const theirs = raceViewFor(after, 'bek').players.find((p) => p.id === 'ann')!;
    expect(mine.guesses[0]).toMatchObject({ digits: wrong(codeOf(state)), exact: 0, misplaced: 4 });
    expect(theirs.guesses[0]).toMatchObject({ digits: null, exact: 0, misplaced: 4 });
  });

  it('refuses a guess of the wrong shape, changing nothing', () => {
    const state = started();
    expect(decideRace(guess('ann', '123', 5), state)).toBe('guess_wrong_length');
    expect(decideRace(guess('ann', '12a4', 5), state)).toBe('guess_not_digits');
    expect(decideRace(guess('zed', '1234', 5), state)).toBe('not_in_race');
    expect(decideRace(guess('ann', '1234', CODE_RACE_DURATION_MS.normal / 1000), state)).toBe('time_up');
  });

  it('shares the room’s hints: anyone racing may take them, everyone sees them, no more than the room has', () => {
    let state = started();
    for (let i = 0; i < CODE_RACE_HINTS; i++) state = when(state, { type: 'TakeRaceHint', playerId: i ? 'bek' : 'ann', at: at(i) }).state;
    expect(raceViewFor(state, 'cal').hints).toHaveLength(CODE_RACE_HINTS);
    expect(decideRace({ type: 'TakeRaceHint', playerId: 'cal', at: at(5) }, state)).toBe('no_room_hints_left');
  });

  it('ends when nobody is racing: the best score wins, and a leaver forfeits with 0', () => {
    let state = started();
    const code = codeOf(state);
    state = when(state, guess('ann', wrong(code), 10)).state;
    state = when(state, guess('ann', code, 20)).state;
    state = when(state, { type: 'LeaveRace', playerId: 'cal', at: at(25) }).state;
    for (let i = 0; i < CODE_RACE_ATTEMPTS; i++) state = when(state, guess('bek', wrong(code), 30 + i)).state;
    expect(state.finishedAt).not.toBeNull();
    expect(state.winners).toEqual(['ann']);
    const scores = Object.fromEntries(state.racers.map((r) => [r.id, r.score]));
    expect(scores).toEqual({ ann: solveScore(2, 20_000), bek: missScore(CODE_RACE_ATTEMPTS), cal: 0 });
    const final = raceViewFor(state, 'bek');
    expect(final.code).toBe(code);
    expect(final.fairness.serverSeed).toBe(SEED);
    expect(final.players.find((p) => p.id === 'ann')!.guesses.map((g) => g.digits)).toEqual([wrong(code), code]);
    expect(decideRace(guess('ann', code, 40), state)).toBe('game_over');
  });

  it('ties share the win, the first to finish first', () => {
    let state = started();
    const code = codeOf(state);
    state = when(state, guess('bek', code, 30)).state;
    state = when(state, guess('ann', code, 30.4)).state;
    state = when(state, { type: 'LeaveRace', playerId: 'cal', at: at(40) }).state;
    expect(state.winners).toEqual(['bek', 'ann']);
  });

  it('ends on the clock: whoever is still racing scores 0', () => {
    let state = started();
    const code = codeOf(state);
    state = when(state, guess('cal', code, 100)).state;
    expect(decideRace({ type: 'EndRaceOnTime', at: at(299) }, state)).toBe('deadline_not_reached');
    state = when(state, { type: 'EndRaceOnTime', at: at(300) }).state;
    expect(state.winners).toEqual(['cal']);
    expect(state.racers.filter((r) => r.status === 'timed_out').map((r) => r.id)).toEqual(['ann', 'bek']);
    const outcome = codebreakerRaceModule.outcomeOf(state, [
      { type: 'CodeRaceFinished', data: { winners: ['cal'], scores: {}, reason: 'time', at: at(300) } },
    ]);
    expect(outcome).toMatchObject({ winners: ['cal'], scores: { ann: 0, bek: 0 } });
  });

  it('replays every guess with its digits', () => {
    let state = started();
    const events = startRace(setup, SEED);
    for (const command of [guess('ann', wrong(codeOf(state)), 5), guess('bek', codeOf(state), 6)]) {
      const step = when(state, command);
      events.push(...step.events);
      state = step.state;
    }
    const replay = codebreakerRaceModule.replay(events, state);
    const digits = replay.steps.flatMap((s) =>
      (s as { view: ReturnType<typeof raceViewFor> }).view.players.flatMap((p) => p.guesses.map((g) => g.digits)),
    );
    expect(digits).not.toContain(null);
    expect(digits).toContain(wrong(codeOf(state)));
  });
});
