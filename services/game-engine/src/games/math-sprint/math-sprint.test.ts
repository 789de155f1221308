/** Math Sprint's rules (rules.ts decisions) as given a game / when a command / then events, a rejection or a view. */
import { describe, expect, it } from 'vitest';
import { GAME_RULES } from '../../catalogue/games.ts';
import { deadlineOf, resultOf, step } from './decider.ts';
import { MathSprintEvent } from './messages.ts';
import { mathSprintModule, moveCommand, parseOptions } from './module.ts';
import { mathSprintTexts } from './texts.ts';
import {
  MATH_SPRINT_MAX_SCORE,
  MATH_SPRINT_POINTS,
  MATH_SPRINT_PROBLEMS_MAX,
  MATH_SPRINT_TIME_LIMIT_MS,
  MATH_SPRINT_WIN_SCORE,
} from './rules.ts';
import type { MathSprintState } from './state.ts';
import { STARTED_AT, afterMs, answer, expire, play, rightAnswer, started, startedEvents } from './testing.ts';
import { MathSprintPlay, viewFor } from './view.ts';

const END_MS = MATH_SPRINT_TIME_LIMIT_MS;

/** Answers `count` problems right, one every `everyMs`, from `fromMs` on. */
function answerRight(state: MathSprintState, count: number, everyMs = 1_000, fromMs = 0): MathSprintState {
  let s = state;
  for (let i = 1; i <= count; i++) s = play(s, answer(s.current, rightAnswer(s), fromMs + i * everyMs));
  return s;
}

const expectUnchanged = (state: MathSprintState, command: Parameters<typeof step>[0], rejection: string) => {
  const before = structuredClone(state);
  expect(step(command, state)).toBe(rejection);
  expect(state).toEqual(before);
};

describe('starting a game', () => {
  it('draws every problem at the start, secret in the start event, with the game’s deadline a minute later', () => {
    const [first, ...rest] = startedEvents('medium');
    expect(rest).toEqual([]);
    expect(first!.type).toBe('MathSprintStarted');
    expect(MathSprintEvent.safeParse(first).success).toBe(true);
    const state = started('medium');
    expect(state.problems).toHaveLength(MATH_SPRINT_PROBLEMS_MAX);
    expect(state).toMatchObject({ status: 'playing', level: 'medium', current: 0, shownAt: STARTED_AT, endsAt: afterMs(END_MS), score: 0 });
    expect(deadlineOf(state)).toBe(afterMs(60_000));
    expect(resultOf(state)).toBeNull();
  });

  it('draws the same problems from the same seeds, in the fixed order (the verifier’s vectors)', () => {
    expect(started('medium').problems.slice(0, 3)).toEqual([
      { op: 'subtract', x: 74, y: 18, answer: 56 },
      { op: 'divide', x: 30, y: 5, answer: 6 },
      { op: 'multiply', x: 7, y: 4, answer: 28 },
    ]);
    expect(started('easy').problems.slice(0, 2)).toEqual([
      { op: 'subtract', x: 19, y: 5, answer: 14 },
      { op: 'divide', x: 21, y: 7, answer: 3 },
    ]);
    expect(started('hard').problems[4]).toEqual({ op: 'add', x: 939, y: 366, answer: 1305 });
  });

  it('takes the level from the options, medium by default, and refuses anything else by name', () => {
    expect(parseOptions(undefined)).toEqual({ level: 'medium' });
    expect(parseOptions({})).toEqual({ level: 'medium' });
    expect(parseOptions({ level: 'hard' })).toEqual({ level: 'hard' });
    expect(parseOptions({ level: 'extreme' })).toBe('unknown_level');
    expect(parseOptions({ level: 3 })).toBe('unknown_level');
    expect(parseOptions('hard')).toBe('invalid_options');
    expect(parseOptions(['hard'])).toBe('invalid_options');
  });
});

describe('answering', () => {
  it('a right answer scores the level’s points plus the speed bonus when within the limit, and shows the next problem', () => {
    const state = started('medium');
    const after = play(state, answer(0, 56, 2_000));
    expect(after.score).toBe(MATH_SPRINT_POINTS.right.medium + MATH_SPRINT_POINTS.speed);
    expect(after).toMatchObject({ current: 1, shownAt: afterMs(2_000), streak: 1, rightAnswers: 1 });
    expect(viewFor(after, afterMs(2_000)).current).toEqual({ index: 1, op: 'divide', x: 30, y: 5, shownAt: afterMs(2_000) });
  });

  it('gives the speed bonus up to exactly the limit from the problem being shown, not a millisecond later', () => {
    const { speedWithinMs, speed } = MATH_SPRINT_POINTS;
    const onTime = play(started(), answer(0, 56, speedWithinMs));
    expect(onTime.answers[0]).toMatchObject({ speedBonus: speed, elapsedMs: speedWithinMs });
    const late = play(started(), answer(0, 56, speedWithinMs + 1));
    expect(late.answers[0]).toMatchObject({ speedBonus: 0, points: MATH_SPRINT_POINTS.right.medium });
    // The clock of problem 1 starts at the answer to problem 0.
    const second = play(late, answer(1, 6, speedWithinMs + 1 + speedWithinMs));
    expect(second.answers[1]!.speedBonus).toBe(speed);
  });

  it('adds the streak bonus for each right answer in a row before, up to its maximum', () => {
    const state = answerRight(started('easy'), 8, 5_000);
    expect(state.answers.map((a) => a.streakBonus)).toEqual([0, 2, 4, 6, 8, 10, 10, 10]);
    expect(state.answers.map((a) => a.points)).toEqual([10, 12, 14, 16, 18, 20, 20, 20]);
    expect(state).toMatchObject({ streak: 8, bestStreak: 8, score: 130 });
  });

  it('a wrong answer scores nothing, breaks the streak, moves on, and the view then shows the right answer', () => {
    const streaky = answerRight(started('medium'), 3, 1_000);
    const wrong = play(streaky, answer(3, rightAnswer(streaky) + 1, 4_000));
    expect(wrong).toMatchObject({ current: 4, streak: 0, bestStreak: 3, score: streaky.score });
    expect(viewFor(wrong, afterMs(4_000)).last).toMatchObject({
      index: 3,
      op: 'subtract',
      x: 97,
      y: 21,
      value: 77,
      answer: 76,
      right: false,
      points: 0,
    });
    const again = play(wrong, answer(4, rightAnswer(wrong), 5_000));
    expect(again.answers[4]!.streakBonus).toBe(0);
  });

  it('ends the game at the answer to the last drawn problem', () => {
    const state = answerRight(started('easy'), MATH_SPRINT_PROBLEMS_MAX, 100);
    expect(state).toMatchObject({ status: 'over', endReason: 'all_answered', finishedAt: afterMs(MATH_SPRINT_PROBLEMS_MAX * 100) });
    expect(deadlineOf(state)).toBeNull();
  });
});

describe('rejections change nothing', () => {
  const state = answerRight(started('medium'), 2);

  it('refuses an answer to a problem that is not the current one, past or future', () => {
    expectUnchanged(state, answer(1, 6, 3_000), 'not_current_problem');
    expectUnchanged(state, answer(3, 76, 3_000), 'not_current_problem');
  });

  it('refuses an answer at or after the game’s deadline as time_up, and the expiry then ends the game', () => {
    expectUnchanged(state, answer(2, 28, END_MS), 'time_up');
    expectUnchanged(state, answer(2, 28, END_MS + 5_000), 'time_up');
    expect(step(answer(2, 28, END_MS - 1), state)).not.toBeTypeOf('string');
  });

  it('refuses another player’s answer, and any move once the game is over', () => {
    expectUnchanged(state, answer(2, 28, 3_000, 'bob'), 'not_your_match');
    const over = play(state, expire(END_MS));
    expectUnchanged(over, answer(2, 28, 3_000), 'game_over');
    expectUnchanged(over, expire(END_MS + 1), 'game_over');
  });

  it('refuses an expiry before the deadline', () => {
    expectUnchanged(state, expire(END_MS - 1), 'deadline_not_reached');
  });

  it('refuses a value that is not a number or not whole, and a move without a problem index, before the decider', () => {
    const at = afterMs(3_000);
    expect(moveCommand({ type: 'math_answer', problem: 2, value: 1.5 }, 'ann', at)).toBe('answer_not_whole');
    expect(moveCommand({ type: 'math_answer', problem: 2, value: 2 ** 60 }, 'ann', at)).toBe('answer_not_whole');
    expect(moveCommand({ type: 'math_answer', problem: 2, value: '28' }, 'ann', at)).toBe('answer_not_a_number');
    expect(moveCommand({ type: 'math_answer', problem: 2, value: null }, 'ann', at)).toBe('answer_not_a_number');
    expect(moveCommand({ type: 'math_answer', problem: 2 }, 'ann', at)).toBe('answer_not_a_number');
    expect(moveCommand({ type: 'math_answer', problem: -1, value: 28 }, 'ann', at)).toBe('invalid_answer_move');
    expect(moveCommand({ type: 'math_answer', problem: '2', value: 28 }, 'ann', at)).toBe('invalid_answer_move');
    expect(moveCommand({ type: 'guess', letter: 'a' }, 'ann', at)).toBe('move_not_for_this_game');
    expect(moveCommand({ type: 'math_answer', problem: 2, value: -3 }, 'ann', at)).toEqual({
      type: 'AnswerProblem',
      data: { playerId: 'ann', problem: 2, value: -3, at },
    });
  });

  it('names every rejection it can answer in both languages', () => {
    for (const name of ['time_up', 'not_current_problem', 'answer_not_whole', 'answer_not_a_number', 'unknown_level', 'game_over']) {
      expect(mathSprintModule.rejections[name]).toMatchObject({ en: expect.any(String), am: expect.any(String) });
    }
  });
});

describe('the end and the result', () => {
  it('ends when the time runs out, at the deadline however late the expiry comes', () => {
    const state = play(answerRight(started(), 3), expire(END_MS + 4_321));
    expect(state).toMatchObject({ status: 'over', endReason: 'time_up', finishedAt: afterMs(END_MS) });
    expect(deadlineOf(state)).toBeNull();
  });

  it('is won from the win score on, paying tokensForScore and xpForScore of the score', () => {
    const state = play(answerRight(started('easy'), 8, 5_000), expire(END_MS)); // 130 points
    expect(resultOf(state)).toEqual({ won: true, score: 130, tokens: 1, xp: 6, finishedAt: afterMs(END_MS) });
  });

  it('is lost below the win score, and a loss pays nothing', () => {
    const state = play(answerRight(started('easy'), 5, 5_000), expire(END_MS)); // 10+12+14+16+18 = 70
    expect(state.score).toBeLessThan(MATH_SPRINT_WIN_SCORE);
    expect(resultOf(state)).toEqual({ won: false, score: 70, tokens: 0, xp: 0, finishedAt: afterMs(END_MS) });
  });

  it('caps the reward at 5 tokens and 10 XP', () => {
    const state = play(answerRight(started('hard'), 40, 1_000), expire(END_MS));
    expect(resultOf(state)).toMatchObject({ won: true, tokens: 5, xp: 10 });
  });

  it('derives the leaderboard’s best score from the rule table: every problem right and fast on hard', () => {
    const { right, speed, streakStep, streakMax } = MATH_SPRINT_POINTS;
    const rampUp = Array.from({ length: streakMax / streakStep }, (_, i) => i * streakStep).reduce((a, b) => a + b, 0);
    const expected =
      MATH_SPRINT_PROBLEMS_MAX * (right.hard + speed) + rampUp + (MATH_SPRINT_PROBLEMS_MAX - streakMax / streakStep) * streakMax;
    expect(MATH_SPRINT_MAX_SCORE).toBe(expected);
    expect(mathSprintModule.leaderboard).toEqual({ category: 'math', maxScore: expected });
  });

  it('plays a whole game from a fixed seed: right, wrong, slow and late answers', () => {
    let s = started('medium');
    s = play(s, answer(0, 56, 1_500)); // right, fast: 15 + 5
    s = play(s, answer(1, 6, 3_000)); // right, fast, streak 1: 15 + 2 + 5
    s = play(s, answer(2, 27, 10_000)); // wrong (28)
    s = play(s, answer(3, 76, 20_000)); // right, slow: 15
    expect(step(answer(4, 135, END_MS), s)).toBe('time_up');
    s = play(s, expire(END_MS));
    expect(s.answers.map((a) => a.points)).toEqual([20, 22, 0, 15]);
    expect(resultOf(s)).toEqual({ won: false, score: 57, tokens: 0, xp: 0, finishedAt: afterMs(END_MS) });
  });
});

describe('what the player sees', () => {
  it('shows only the current problem, never its answer nor any later problem, until the end', () => {
    const state = answerRight(started('hard'), 5);
    const view = viewFor(state, afterMs(5_500));
    expect(MathSprintPlay.safeParse(view).success).toBe(true);
    expect(view.current).toMatchObject({ index: 5 });
    expect(view.problems).toBeUndefined();
    expect(view.answers).toBeUndefined();
    expect(view.endReason).toBeUndefined();
    // Changing every answer and every problem after the current one changes nothing the player can see.
    const tampered: MathSprintState = {
      ...state,
      problems: state.problems.map((p, i) =>
        i < state.current ? p : i === state.current ? { ...p, answer: p.answer + 1 } : { op: 'add', x: 1, y: 1, answer: 2 },
      ),
    };
    expect(viewFor(tampered, afterMs(5_500))).toEqual(view);
  });

  it('shows no problem once the time is up, even before the engine has expired the game', () => {
    expect(viewFor(started(), afterMs(END_MS)).current).toBeNull();
  });

  it('shows every problem and every answer once over, for the verifier', () => {
    const over = play(answerRight(started('medium'), 2), expire(END_MS));
    const view = viewFor(over, afterMs(END_MS + 1));
    expect(MathSprintPlay.safeParse(view).success).toBe(true);
    expect(view.endReason).toBe('time_up');
    expect(view.problems).toHaveLength(MATH_SPRINT_PROBLEMS_MAX);
    expect(view.problems![1]).toEqual({ op: 'divide', x: 30, y: 5, answer: 6 });
    expect(view.answers!.map((a) => a.right)).toEqual([true, true]);
  });

  it('writes its instructions from the rules, ending with the price and the reward', () => {
    const { title, instructions } = mathSprintTexts(GAME_RULES['math-sprint']);
    expect(title).toEqual({ en: 'Math Sprint', am: 'የሒሳብ ሩጫ' });
    expect(instructions.en).toContain('in 60 seconds');
    expect(instructions.en).toContain(`at least ${MATH_SPRINT_WIN_SCORE} points`);
    expect(instructions.en).toMatch(/A game costs 10 tokens; you can play up to 15 times a day\. A win pays up to 5 tokens and 10 XP\.$/);
    expect(instructions.am).toContain('በ60 ሰከንድ');
  });
});
