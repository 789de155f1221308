/** Geo Sprint's rules as given a round / when a command / then events or a named rejection (decisions: rules.ts). */
import { GeoSprintPlay } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { deadlineOf, resultOf, step, type GeoSprintState } from './decider.ts';
import { moveToCommand, parseOptions } from './messages.ts';
import {
  GEO_SPRINT_MAX_SCORE,
  GEO_SPRINT_QUESTION_MS,
  GEO_SPRINT_REVEAL_MS,
  GEO_SPRINT_RIGHT_TO_WIN,
  GEO_SPRINT_SPEED_BONUS_MAX,
  GEO_SPRINT_STREAK_BONUS_MAX,
  GEO_SPRINT_STREAK_BONUS_STEP,
  basePointsOf,
} from './rules.ts';
import {
  PLAYER,
  STARTED_AT,
  accepted,
  answer,
  expire,
  fiftyFifty,
  geoHint,
  next,
  plus,
  rightChoice,
  shownAt,
  startRound,
  wrongChoice,
} from './testing.ts';
import { viewFor } from './view.ts';

const deadline = (state: GeoSprintState): string => deadlineOf(state)!;

/** Answers the current question `afterMs` after it showed (right or wrong) and lets the result's reveal run out. */
function answered(state: GeoSprintState, right: boolean, afterMs = 1000): GeoSprintState {
  return accepted(answer(state.position, right ? rightChoice(state) : wrongChoice(state), plus(shownAt(state), afterMs)), state).state;
}

/** A rejection leaves the state as it was: step answers the name alone. */
function refused(command: Parameters<typeof step>[0], state: GeoSprintState): string {
  const result = step(command, state);
  expect(typeof result).toBe('string');
  return result as string;
}

describe('the start', () => {
  it('shows the first question at once, with the question’s seconds to answer and no answer in sight', () => {
    const { state } = startRound({ category: 'ethiopia' });
    const view = viewFor(state, STARTED_AT);
    expect(view.position).toBe(0);
    expect(view.current?.index).toBe(0);
    expect(view.current?.shownAt).toBe(STARTED_AT);
    expect(view.current?.deadline).toBe(plus(STARTED_AT, GEO_SPRINT_QUESTION_MS));
    expect(deadline(state)).toBe(plus(STARTED_AT, GEO_SPRINT_QUESTION_MS));
    expect(view.current?.en.options).toHaveLength(4);
    expect(view.current?.am.options).toHaveLength(4);
    expect(view.current).not.toHaveProperty('answer');
    expect(view.results).toEqual([]);
    expect(view.lifelines).toEqual({ fiftyFifty: true, geoHint: true });
    expect(view.draw).toBeNull();
    expect(GeoSprintPlay.safeParse(view).success).toBe(true);
  });

  it('asks ten questions of the chosen category, or a mix of four, three and three', () => {
    for (const category of ['ethiopia', 'africa', 'world'] as const) {
      const { state } = startRound({ category });
      expect(state.questions.map((q) => q.category)).toEqual(Array(10).fill(category));
    }
    const mixed = startRound({ category: 'mixed' }).state.questions.map((q) => q.category);
    expect(mixed.filter((c) => c === 'ethiopia')).toHaveLength(4);
    expect(mixed.filter((c) => c === 'africa')).toHaveLength(3);
    expect(mixed.filter((c) => c === 'world')).toHaveLength(3);
  });

  it('takes a mixed round when the options leave the category out, and refuses an unknown one', () => {
    expect(parseOptions(undefined)).toEqual({ category: 'mixed' });
    expect(parseOptions({})).toEqual({ category: 'mixed' });
    expect(parseOptions({ category: 'africa' })).toEqual({ category: 'africa' });
    expect(parseOptions({ category: 'mars' })).toBe('unknown_category');
    expect(parseOptions('africa')).toBe('options_malformed');
  });
});

describe('answering', () => {
  it('a right answer scores its difficulty’s points, the speed bonus and no streak bonus yet', () => {
    const { state } = startRound();
    const question = state.questions[0]!;
    const at = plus(STARTED_AT, GEO_SPRINT_QUESTION_MS / 5); // four fifths of the time left
    const { events, state: after } = accepted(answer(0, question.answer, at), state);
    expect(events).toEqual([
      {
        type: 'QuestionAnswered',
        data: {
          question: 0,
          choice: question.answer,
          correct: true,
          points: { base: basePointsOf(question.difficulty), speed: 40, streak: 0, total: basePointsOf(question.difficulty) + 40 },
          streak: 1,
          at,
        },
      },
    ]);
    expect(after.score).toBe(basePointsOf(question.difficulty) + 40);
    expect(after.right).toBe(1);
  });

  it('the speed bonus is full at the instant the question shows and falls to 0 at its deadline', () => {
    const { state } = startRound();
    const points = (afterMs: number) => {
      const [event] = accepted(answer(0, rightChoice(state), plus(STARTED_AT, afterMs)), state).events;
      return event?.type === 'QuestionAnswered' ? event.data.points.speed : -1;
    };
    expect(points(0)).toBe(GEO_SPRINT_SPEED_BONUS_MAX);
    expect(points(GEO_SPRINT_QUESTION_MS / 2)).toBe(GEO_SPRINT_SPEED_BONUS_MAX / 2);
    expect(points(GEO_SPRINT_QUESTION_MS - 1)).toBe(0);
  });

  it('a wrong answer scores nothing and breaks the streak; the result shows the answer and the explanation', () => {
    let { state } = startRound();
    state = answered(state, true);
    state = answered(state, false);
    expect(state.streak).toBe(0);
    expect(state.results[1]).toMatchObject({ correct: false, points: { total: 0 }, streak: 0 });
    const view = viewFor(state, state.results[1]!.at);
    const shown = view.results[1]!;
    expect(shown.answer).toBe(state.questions[1]!.answer);
    expect(shown.choice).not.toBe(shown.answer);
    expect(shown.en.explanation).toBe(state.questions[1]!.en.explanation);
    expect(shown.am.explanation).toBe(state.questions[1]!.am.explanation);
  });

  it('the k-th right answer in a row adds a growing streak bonus, up to its cap', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, true);
    const bonuses = state.results.map((r) => r.points.streak);
    expect(bonuses).toEqual(Array.from({ length: 10 }, (_, i) => Math.min(GEO_SPRINT_STREAK_BONUS_MAX, GEO_SPRINT_STREAK_BONUS_STEP * i)));
    expect(state.bestStreak).toBe(10);
  });

  it('the next question becomes current at once but shows only after the reveal, its seconds counting from then', () => {
    const { state } = startRound();
    const at = plus(STARTED_AT, 4000);
    const after = accepted(answer(0, rightChoice(state), at), state).state;
    const showsAt = plus(at, GEO_SPRINT_REVEAL_MS);
    expect(deadline(after)).toBe(plus(showsAt, GEO_SPRINT_QUESTION_MS));

    const during = viewFor(after, plus(at, GEO_SPRINT_REVEAL_MS - 1));
    expect(during.position).toBe(1);
    expect(during.current).toBeNull();
    expect(during.nextAt).toBe(showsAt);
    expect(JSON.stringify(during)).not.toContain(after.questions[1]!.en.question);
    expect(during.results.at(-1)?.en.explanation).toBe(after.questions[0]!.en.explanation);

    const shown = viewFor(after, showsAt);
    expect(shown.current?.index).toBe(1);
    expect(shown.current?.en.question).toBe(after.questions[1]!.en.question);
    expect(shown.nextAt).toBeNull();
  });

  it('an answer during the reveal, before the next question shows, is refused', () => {
    const { state } = startRound();
    const after = accepted(answer(0, 0, plus(STARTED_AT, 1000)), state).state;
    expect(refused(answer(1, 0, plus(STARTED_AT, 2000)), after)).toBe('question_not_shown_yet');
  });

  it('the player may end the reveal: the next question shows then and its seconds count from then', () => {
    const { state } = startRound();
    const at = plus(STARTED_AT, 1000);
    const after = accepted(answer(0, 0, at), state).state;
    const skipAt = plus(at, 1500);
    const { events, state: skipped } = accepted(next(skipAt), after);
    expect(events).toEqual([{ type: 'NextQuestionShown', data: { question: 1, at: skipAt } }]);
    expect(deadline(skipped)).toBe(plus(skipAt, GEO_SPRINT_QUESTION_MS));
    expect(viewFor(skipped, skipAt).current?.index).toBe(1);
    expect(refused(next(plus(skipAt, 10)), skipped)).toBe('no_result_to_skip');
    expect(refused(next(STARTED_AT), state)).toBe('no_result_to_skip');
  });
});

describe('answers that are refused, changing nothing', () => {
  it('an answer to a later question than the current one', () => {
    const { state } = startRound();
    expect(refused(answer(3, 0, plus(STARTED_AT, 1000)), state)).toBe('question_not_current');
  });

  it('a second answer to the same question', () => {
    let { state } = startRound();
    state = answered(state, true);
    state = accepted(next(plus(state.results[0]!.at, 1)), state).state;
    expect(refused(answer(0, 1, plus(shownAt(state), 10)), state)).toBe('question_already_answered');
  });

  it('an answer at or after the deadline; the expiry then times the question out', () => {
    const { state } = startRound();
    const due = deadline(state);
    expect(refused(answer(0, rightChoice(state), due), state)).toBe('question_timed_out');
    expect(refused(answer(0, rightChoice(state), plus(due, 5000)), state)).toBe('question_timed_out');

    expect(refused(expire(plus(due, -1)), state)).toBe('deadline_not_reached');
    const { events, state: timedOut } = accepted(expire(due), state);
    expect(events).toEqual([{ type: 'QuestionTimedOut', data: { question: 0, at: due } }]);
    expect(timedOut.position).toBe(1);
    expect(timedOut.streak).toBe(0);
    expect(deadline(timedOut)).toBe(plus(due, GEO_SPRINT_REVEAL_MS + GEO_SPRINT_QUESTION_MS));
    expect(viewFor(timedOut, due).results[0]).toMatchObject({ choice: null, correct: false, answer: state.questions[0]!.answer });
    // The late answer, after the expiry: still the timed-out question's rejection.
    expect(refused(answer(0, rightChoice(state), plus(due, 10)), timedOut)).toBe('question_timed_out');
  });

  it('an expiry that comes late shows the next question a full reveal after it acted', () => {
    const { state } = startRound();
    const late = plus(deadline(state), 3000);
    const { state: timedOut } = accepted(expire(late), state);
    expect(timedOut.shownAt[1]).toBe(plus(late, GEO_SPRINT_REVEAL_MS));
  });

  it('another player’s answer', () => {
    const { state } = startRound();
    expect(refused(answer(0, 0, plus(STARTED_AT, 100), 'someone-else'), state)).toBe('not_your_match');
  });

  it('anything once the game is over', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, true);
    const after = plus(state.finishedAt!, 100);
    expect(refused(answer(9, 0, after), state)).toBe('game_over');
    expect(refused(expire(plus(after, 60_000)), state)).toBe('game_over');
    expect(refused(fiftyFifty(after), state)).toBe('game_over');
    expect(deadlineOf(state)).toBeNull();
  });

  it('moves that are not the game’s, or malformed', () => {
    const at = STARTED_AT;
    expect(moveToCommand({ type: 'answer', question: 0, choice: 4 }, PLAYER, at)).toBe('move_malformed');
    expect(moveToCommand({ type: 'answer', question: 10, choice: 1 }, PLAYER, at)).toBe('move_malformed');
    expect(moveToCommand({ type: 'answer', choice: 1 }, PLAYER, at)).toBe('move_malformed');
    expect(moveToCommand({ type: 'fifty_fifty', question: 'one' }, PLAYER, at)).toBe('move_malformed');
    expect(moveToCommand({ type: 'guess', letter: 'a' }, PLAYER, at)).toBe('move_not_for_this_game');
    expect(moveToCommand({ type: 'answer', question: 2, choice: 3 }, PLAYER, at)).toEqual({
      type: 'AnswerQuestion',
      data: { playerId: PLAYER, question: 2, choice: 3, at },
    });
    expect(moveToCommand({ type: 'geo_hint' }, PLAYER, at)).toEqual({ type: 'UseGeoHint', data: { playerId: PLAYER, question: null, at } });
    expect(moveToCommand({ type: 'next_question' }, PLAYER, at)).toEqual({ type: 'ShowNextQuestion', data: { playerId: PLAYER, at } });
  });
});

describe('lifelines', () => {
  it('the 50/50 takes away the two wrong options drawn at the start, once a round', () => {
    const { state } = startRound();
    const at = plus(STARTED_AT, 2000);
    const { events, state: after } = accepted(fiftyFifty(at, 0), state);
    const removed = state.fiftyFifty[0]!;
    expect(events).toEqual([{ type: 'FiftyFiftyUsed', data: { question: 0, removed: [...removed], at } }]);
    expect(removed).toHaveLength(2);
    expect(removed).not.toContain(state.questions[0]!.answer);
    expect(viewFor(after, at).current?.removed).toEqual(removed);
    expect(viewFor(after, at).lifelines.fiftyFifty).toBe(false);
    expect(refused(answer(0, removed[0]!, plus(at, 10)), after)).toBe('option_removed');
    expect(refused(fiftyFifty(plus(at, 10)), after)).toBe('fifty_fifty_used');

    const later = accepted(next(plus(answered(after, true).results[0]!.at, 1)), answered(after, true)).state;
    expect(refused(fiftyFifty(plus(shownAt(later), 1)), later)).toBe('fifty_fifty_used');
    expect(viewFor(later, shownAt(later)).current?.removed).toEqual([]);
  });

  it('the geo hint shows a clue in each language, once a round', () => {
    const { state } = startRound();
    const at = plus(STARTED_AT, 1000);
    const { state: after } = accepted(geoHint(at), state);
    const hint = viewFor(after, at).current?.hint;
    expect(hint?.en.text.length).toBeGreaterThan(0);
    expect(hint?.am.text.length).toBeGreaterThan(0);
    expect(viewFor(after, at).lifelines.geoHint).toBe(false);
    expect(refused(geoHint(plus(at, 10)), after)).toBe('geo_hint_used');
  });

  it('both lifelines may go on the same question, and neither costs points', () => {
    const { state } = startRound();
    let s = accepted(fiftyFifty(plus(STARTED_AT, 100)), state).state;
    s = accepted(geoHint(plus(STARTED_AT, 200)), s).state;
    const { events } = accepted(answer(0, rightChoice(s), STARTED_AT), s);
    expect(events[0]).toMatchObject({ data: { correct: true, points: { speed: GEO_SPRINT_SPEED_BONUS_MAX } } });
  });

  it('a lifeline for a question not on screen is refused: during the reveal, after the deadline, or named wrong', () => {
    const { state } = startRound();
    const after = accepted(answer(0, 0, plus(STARTED_AT, 1000)), state).state;
    expect(refused(fiftyFifty(plus(STARTED_AT, 2000)), after)).toBe('question_not_shown_yet');
    expect(refused(geoHint(deadline(state)), state)).toBe('question_timed_out');
    expect(refused(geoHint(plus(STARTED_AT, 10), 1), state)).toBe('question_not_current');
    expect(refused(fiftyFifty(plus(shownAt(after), 10), 0), after)).toBe('question_already_answered');
  });
});

describe('the end of the round', () => {
  it('is won with half the questions right, and pays by the reward table', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, i < GEO_SPRINT_RIGHT_TO_WIN, 5000);
    expect(state.right).toBe(GEO_SPRINT_RIGHT_TO_WIN);
    const result = resultOf(state)!;
    expect(result.won).toBe(true);
    expect(result.finishedAt).toBe(state.results[9]!.at);
    expect(result.tokens).toBeGreaterThanOrEqual(1);
    expect(result.tokens).toBeLessThanOrEqual(2);
    expect(result.xp).toBeGreaterThan(0);
  });

  it('is lost with fewer right answers: no tokens, no XP, the score still counted', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, i < GEO_SPRINT_RIGHT_TO_WIN - 1);
    const result = resultOf(state)!;
    expect(result).toMatchObject({ won: false, tokens: 0, xp: 0 });
    expect(result.score).toBe(state.score);
    expect(result.score).toBeGreaterThan(0);
  });

  it('times out the last question into a finished round', () => {
    let { state } = startRound();
    for (let i = 0; i < 9; i++) state = answered(state, true);
    const { events, state: over } = accepted(expire(deadline(state)), state);
    expect(events.map((e) => e.type)).toEqual(['QuestionTimedOut', 'GeoSprintFinished']);
    expect(resultOf(over)?.won).toBe(true);
  });

  it('a perfect, quick round pays 4 or 5 tokens and 10 XP at most; an average one 1 or 2', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, true, 1500);
    const perfect = resultOf(state)!;
    expect(perfect.tokens).toBeGreaterThanOrEqual(4);
    expect(perfect.tokens).toBeLessThanOrEqual(5);
    expect(perfect.xp).toBeLessThanOrEqual(10);

    let average = startRound({ nonce: 1 }).state;
    for (let i = 0; i < 10; i++) average = answered(average, i % 5 !== 1 && i % 5 !== 3, 7000);
    expect(average.right).toBe(6);
    expect([1, 2]).toContain(resultOf(average)!.tokens);
  });

  it('the leaderboard’s best score is the formula’s: every question hard, instant, one streak', () => {
    const streak = [0, 10, 20, 30, 40, 50, 50, 50, 50, 50].reduce((a, b) => a + b, 0);
    expect(GEO_SPRINT_MAX_SCORE).toBe(10 * (140 + GEO_SPRINT_SPEED_BONUS_MAX) + streak);
  });

  it('no result while the round is played', () => {
    expect(resultOf(startRound().state)).toBeNull();
  });

  it('the end view shows every result and the draw', () => {
    let { state } = startRound();
    for (let i = 0; i < 10; i++) state = answered(state, i % 2 === 0);
    const view = viewFor(state, state.finishedAt!);
    expect(view.current).toBeNull();
    expect(view.nextAt).toBeNull();
    expect(view.position).toBe(10);
    expect(view.results.map((r) => r.id)).toEqual(state.questions.map((q) => q.id));
    expect(view.draw?.fiftyFifty).toEqual(state.fiftyFifty);
    expect(view.draw?.plan).toEqual(state.plan);
    expect(view.lifelines).toEqual({ fiftyFifty: false, geoHint: false });
    expect(GeoSprintPlay.safeParse(view).success).toBe(true);
  });
});

describe('secrets', () => {
  it('no view before the end holds an answer or explanation of a question not yet resolved, nor the draw', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      let { state } = startRound({ nonce, category: 'mixed' });
      for (let i = 0; i < 10; i++) {
        for (const now of [shownAt(state), plus(shownAt(state), -1), deadline(state)]) {
          const view = viewFor(state, now);
          const text = JSON.stringify(view);
          for (const question of state.questions.slice(state.position)) {
            expect(text).not.toContain(question.en.explanation);
            expect(text).not.toContain(question.am.explanation);
            expect(text).not.toContain(question.id);
          }
          for (const question of state.questions.slice(state.position + 1)) expect(text).not.toContain(question.en.question);
          expect(view.draw).toBeNull();
          expect(view.results).toHaveLength(state.position);
        }
        // A seeded mix of right, wrong and timed-out questions.
        const roll = (nonce * 7 + i * 3) % 5;
        state = roll === 4 ? accepted(expire(deadline(state)), state).state : answered(state, roll < 3, 500 * (roll + 1));
      }
    }
  });
});
