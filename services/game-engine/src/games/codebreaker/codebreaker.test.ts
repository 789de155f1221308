/** Codebreaker's rules as given a game / when a command / then events or a named rejection (decisions: rules.ts). */
import { describe, expect, it } from 'vitest';
import { tokensForScore, xpForScore } from '../../catalogue/rewards.ts';
import { fairRandom } from '../../fairness/fairness.ts';
import { decide, fold, startEvents, step } from './decider.ts';
import { CodebreakerEvent } from './messages.ts';
import { CODEBREAKER_LEVEL_RULES, CODEBREAKER_TIME_LIMIT_SECONDS, codebreakerScore, feedbackOf } from './rules.ts';
import type { CodebreakerState } from './state.ts';
import { viewFor } from './view.ts';
import {
  FIXED_SEEDS,
  MATCH,
  PLAYER,
  STARTED_AT,
  after,
  expire,
  guessCode,
  lcg,
  played,
  rigged,
  started,
  takeHint,
  when,
} from './testing.ts';

const DEADLINE = after(CODEBREAKER_TIME_LIMIT_SECONDS);

/** A rejection leaves the game as it was: the same decision, nothing to fold. */
function expectRejected(state: CodebreakerState, command: Parameters<typeof decide>[0], rejection: string) {
  const before = structuredClone(state);
  expect(decide(command, state)).toBe(rejection);
  expect(step(command, state)).toBe(rejection);
  expect(state).toEqual(before);
}

describe('the start', () => {
  it('opens a game of the level with the code drawn, no guesses, every hint left and the clock running', () => {
    for (const level of ['easy', 'medium', 'hard'] as const) {
      const state = started(level);
      const { codeLength, attemptsMax, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[level];
      expect(state).toMatchObject({ status: 'playing', level, codeLength, attemptsMax, repeatsAllowed, hintsUsed: 0, guesses: [] });
      expect(state.code).toHaveLength(codeLength);
      expect(state.hints).toHaveLength(2);
      expect(state.deadline).toBe(DEADLINE);
    }
    expect(started('easy')).toMatchObject({ codeLength: 3, attemptsMax: 12, repeatsAllowed: false });
    expect(started('medium')).toMatchObject({ codeLength: 4, attemptsMax: 10, repeatsAllowed: false });
    expect(started('hard')).toMatchObject({ codeLength: 4, attemptsMax: 8, repeatsAllowed: true });
  });

  it('writes a start event the stream schema accepts, the same for the same seeds', () => {
    const setup = { matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, level: 'medium' as const };
    const events = startEvents(setup, fairRandom(FIXED_SEEDS));
    expect(events).toHaveLength(1);
    expect(CodebreakerEvent.safeParse(events[0]).success).toBe(true);
    expect(started('medium').code).toBe('0468');
    expect(started('medium')).toEqual(started('medium'));
  });

  it('refuses a start time that is not an instant (a programming error)', () => {
    expect(() => startEvents({ matchId: MATCH, playerId: PLAYER, startedAt: 'soon', level: 'easy' }, {} as never)).toThrow(RangeError);
  });
});

describe('a guess', () => {
  it('records the pegs of the guess and carries on while attempts are left', () => {
    const { events, state } = when(rigged('1234'), guessCode('1243', after(12)));
    expect(events).toEqual([{ type: 'CodeGuessed', data: { digits: '1243', exact: 2, misplaced: 2, at: after(12) } }]);
    expect(state.status).toBe('playing');
    expect(state.guesses).toEqual([{ digits: '1243', exact: 2, misplaced: 2, at: after(12) }]);
  });

  it('may repeat digits at every level, counting each code digit once', () => {
    expect(when(rigged('123', 'easy'), guessCode('111')).events[0]).toMatchObject({ data: { exact: 1, misplaced: 0 } });
    expect(when(rigged('1234'), guessCode('2222')).events[0]).toMatchObject({ data: { exact: 1, misplaced: 0 } });
    expect(when(rigged('1123', 'hard'), guessCode('3311')).events[0]).toMatchObject({ data: { exact: 0, misplaced: 3 } });
  });

  it('wins when every digit is in place: the score from the rule, tokens and XP from the reward rule', () => {
    const state = played(rigged('1234'), guessCode('5678', after(20)), guessCode('1243', after(40)));
    const { events, state: after3 } = when(state, guessCode('1234', after(60)));
    const score = codebreakerScore({ level: 'medium', attempts: 3, elapsedMs: 60_000, hintsUsed: 0 });
    expect(score).toBe(1160);
    expect(events.map((e) => e.type)).toEqual(['CodeGuessed', 'CodebreakerFinished']);
    expect(events[1]).toEqual({
      type: 'CodebreakerFinished',
      data: { reason: 'solved', won: true, score, tokens: tokensForScore(score), xp: xpForScore(score), at: after(60) },
    });
    expect(after3).toMatchObject({ status: 'won', endReason: 'solved', score: 1160, tokens: 5, xp: 10, finishedAt: after(60) });
  });

  it('takes the hints used off the score of the win', () => {
    const state = played(rigged('1234'), takeHint(after(5)), takeHint(after(6)));
    const won = when(state, guessCode('1234', after(60))).state;
    expect(won.score).toBe(codebreakerScore({ level: 'medium', attempts: 1, elapsedMs: 60_000, hintsUsed: 2 }));
    expect(won.score).toBe(1860 - 200);
  });

  it('loses when the last attempt misses, paying nothing', () => {
    const { attemptsMax } = CODEBREAKER_LEVEL_RULES.hard;
    let state = rigged('0288', 'hard');
    for (let i = 1; i < attemptsMax; i++) state = when(state, guessCode('1111', after(i))).state;
    expect(state.status).toBe('playing');
    const { events, state: lost } = when(state, guessCode('8820', after(30)));
    expect(events.map((e) => e.type)).toEqual(['CodeGuessed', 'CodebreakerFinished']);
    expect(lost).toMatchObject({ status: 'lost', endReason: 'out_of_attempts', score: 0, tokens: 0, xp: 0, finishedAt: after(30) });
    expect(lost.guesses).toHaveLength(attemptsMax);
  });

  it('wins on the last attempt when that one is right', () => {
    let state = rigged('046', 'easy');
    for (let i = 1; i < 12; i++) state = when(state, guessCode('999', after(i))).state;
    const won = when(state, guessCode('046', after(100))).state;
    expect(won).toMatchObject({ status: 'won', endReason: 'solved', score: 50 });
  });

  it('refuses characters that are not digits, and a guess of the wrong length, changing nothing', () => {
    const state = rigged('1234');
    for (const digits of ['12a4', '12 4', '-123', '１２３４', '1.23']) expectRejected(state, guessCode(digits), 'guess_not_digits');
    for (const digits of ['', '123', '12345', '0000000000']) expectRejected(state, guessCode(digits), 'guess_wrong_length');
    expectRejected(rigged('123', 'easy'), guessCode('1234'), 'guess_wrong_length');
  });

  it("refuses another player's guess", () => {
    expectRejected(rigged('1234'), guessCode('1234', after(10), 'someone-else'), 'not_your_match');
  });

  it('is refused at and after the deadline, accepted just before it', () => {
    const state = rigged('1234');
    expectRejected(state, guessCode('1234', DEADLINE), 'time_up');
    expectRejected(state, guessCode('5678', after(CODEBREAKER_TIME_LIMIT_SECONDS + 60)), 'time_up');
    const justBefore = new Date(Date.parse(DEADLINE) - 1).toISOString();
    const won = when(state, guessCode('1234', justBefore)).state;
    expect(won.status).toBe('won');
    // The time bonus has run down to nothing, the rest of the formula stands.
    expect(won.score).toBe(1000 + 500 + 200);
  });

  it('is refused once the game is over, won, lost or timed out (a racing second move)', () => {
    const won = played(rigged('1234'), guessCode('1234'));
    expectRejected(won, guessCode('1234', after(11)), 'game_over');
    expectRejected(won, takeHint(after(11)), 'game_over');
    let lost = rigged('1234');
    for (let i = 0; i < 10; i++) lost = when(lost, guessCode('5678', after(i + 1))).state;
    expectRejected(lost, guessCode('1234', after(20)), 'game_over');
    const timedOut = played(rigged('1234'), expire(DEADLINE));
    expectRejected(timedOut, guessCode('1234', after(20)), 'game_over');
  });
});

describe('hints', () => {
  const hints = [
    { kind: 'digit_in_code', digit: '3' },
    { kind: 'digit_at_position', index: 0, digit: '1' },
  ] as const;

  it('gives the digit in the code first, then the digit at a position, without using an attempt', () => {
    const state = rigged('1234', 'medium', hints);
    const first = when(state, takeHint(after(5)));
    expect(first.events).toEqual([{ type: 'CodeHintTaken', data: { hint: hints[0], at: after(5) } }]);
    const second = when(first.state, takeHint(after(6)));
    expect(second.events).toEqual([{ type: 'CodeHintTaken', data: { hint: hints[1], at: after(6) } }]);
    expect(second.state).toMatchObject({ hintsUsed: 2, guesses: [], status: 'playing' });
  });

  it('runs out after two', () => {
    const state = played(rigged('1234', 'medium', hints), takeHint(), takeHint());
    expectRejected(state, takeHint(after(11)), 'no_hints_left');
  });

  it('is refused after the deadline and for another player', () => {
    expectRejected(rigged('1234'), takeHint(DEADLINE), 'time_up');
    expectRejected(rigged('1234'), takeHint(after(5), 'someone-else'), 'not_your_match');
  });
});

describe('the time limit', () => {
  it('ends the game lost when the engine expires it at or after the deadline', () => {
    const state = played(rigged('1234'), guessCode('1243'));
    const { events, state: lost } = when(state, expire(DEADLINE));
    expect(events).toEqual([
      { type: 'CodebreakerFinished', data: { reason: 'time_up', won: false, score: 0, tokens: 0, xp: 0, at: DEADLINE } },
    ]);
    expect(lost).toMatchObject({ status: 'lost', endReason: 'time_up', finishedAt: DEADLINE });
  });

  it('refuses an early expiry, and one of a game already over', () => {
    expectRejected(rigged('1234'), expire(after(CODEBREAKER_TIME_LIMIT_SECONDS - 1)), 'deadline_not_reached');
    expectRejected(played(rigged('1234'), guessCode('1234')), expire(DEADLINE), 'game_over');
  });
});

describe('the view', () => {
  it('never shows the code or a hint not taken while the game is on', () => {
    const state = played(
      rigged('9876', 'medium', [
        { kind: 'digit_in_code', digit: '8' },
        { kind: 'digit_at_position', index: 3, digit: '6' },
      ]),
      guessCode('1234', after(3)),
      takeHint(after(4)),
    );
    const view = viewFor(state, after(5));
    expect(view).toMatchObject({ code: null, allHints: null, endReason: null, attemptsUsed: 1, hintsUsed: 1, hintsMax: 2 });
    expect(view.hints).toEqual([{ kind: 'digit_in_code', digit: '8' }]);
    expect(JSON.stringify(view)).not.toContain('9876');
    expect(JSON.stringify(view)).not.toContain('digit_at_position');
  });

  it('shows every guess with its pegs, the level and the limits', () => {
    const state = played(rigged('046', 'easy'), guessCode('640', after(3)), guessCode('111', after(4)));
    expect(viewFor(state, after(5))).toEqual({
      level: 'easy',
      codeLength: 3,
      repeatsAllowed: false,
      attemptsMax: 12,
      attemptsUsed: 2,
      guesses: [
        { digits: '640', exact: 1, misplaced: 2, at: after(3) },
        { digits: '111', exact: 0, misplaced: 0, at: after(4) },
      ],
      hintsMax: 2,
      hintsUsed: 0,
      hintCostPoints: 100,
      hints: [],
      timeLimitSeconds: 300,
      code: null,
      allHints: null,
      endReason: null,
    });
  });

  it('shows the code and every hint drawn once the game is over', () => {
    const state = rigged('9876');
    for (const over of [played(state, guessCode('9876')), played(state, expire(DEADLINE))]) {
      const view = viewFor(over, DEADLINE);
      expect(view.code).toBe('9876');
      expect(view.allHints).toEqual(state.hints);
      expect(view.hints).toEqual([]);
    }
  });
});

describe('a whole game from the fixed seeds', () => {
  it('plays medium 0468 to a win with a hint, folding to the same state as the steps', () => {
    const start = started('medium');
    expect(start.code).toBe('0468');
    const commands = [guessCode('0123', after(15)), takeHint(after(20)), guessCode('0456', after(40)), guessCode('0468', after(75))];
    const events: CodebreakerEvent[] = [];
    let state = start;
    for (const command of commands) {
      const result = step(command, state);
      if (typeof result === 'string') throw new Error(result);
      events.push(...result.events);
      state = result.state;
    }
    expect(state.guesses.map(({ digits, exact, misplaced }) => [digits, exact, misplaced])).toEqual([
      ['0123', 1, 0],
      ['0456', 2, 1],
      ['0468', 4, 0],
    ]);
    expect(state).toMatchObject({ status: 'won', hintsUsed: 1, endReason: 'solved' });
    // 3 attempts at 75 s, one hint: 1000 − 200 + 150 + 200 − 100.
    expect(state.score).toBe(1050);
    const stream = [
      ...startEvents({ matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, level: 'medium' }, fairRandom(FIXED_SEEDS)),
      ...events,
    ];
    expect(fold(stream)).toEqual(state);
    for (const event of stream) expect(CodebreakerEvent.safeParse(event).success).toBe(true);
    // The browser's verify.test.ts checks this very view against the seeds.
    expect(viewFor(state, after(80))).toEqual({
      level: 'medium',
      codeLength: 4,
      repeatsAllowed: false,
      attemptsMax: 10,
      attemptsUsed: 3,
      guesses: [
        { digits: '0123', exact: 1, misplaced: 0, at: '2026-03-01T09:00:15.000Z' },
        { digits: '0456', exact: 2, misplaced: 1, at: '2026-03-01T09:00:40.000Z' },
        { digits: '0468', exact: 4, misplaced: 0, at: '2026-03-01T09:01:15.000Z' },
      ],
      hintsMax: 2,
      hintsUsed: 1,
      hintCostPoints: 100,
      hints: [{ kind: 'digit_in_code', digit: '0' }],
      timeLimitSeconds: 300,
      code: '0468',
      allHints: [
        { kind: 'digit_in_code', digit: '0' },
        { kind: 'digit_at_position', index: 2, digit: '6' },
      ],
      endReason: 'solved',
    });
  });

  it('a random player always ends the game within the attempts, never with the code shown early (seeded loop)', () => {
    const next = lcg(99);
    for (let nonce = 0; nonce < 60; nonce++) {
      const level = (['easy', 'medium', 'hard'] as const)[nonce % 3]!;
      let state = started(level, { ...FIXED_SEEDS, nonce });
      let second = 1;
      while (state.status === 'playing') {
        expect(viewFor(state, after(second)).code).toBeNull();
        const guess = Array.from({ length: state.codeLength }, () => String(Math.floor(next() * 10))).join('');
        state = when(state, guessCode(guess, after(second++))).state;
        const last = state.guesses.at(-1)!;
        expect({ exact: last.exact, misplaced: last.misplaced }).toEqual(feedbackOf(state.code, guess));
      }
      expect(state.guesses.length).toBeLessThanOrEqual(state.attemptsMax);
      expect(viewFor(state, after(second)).code).toBe(state.code);
    }
  });
});
