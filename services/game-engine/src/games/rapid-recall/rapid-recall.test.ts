/** Rapid Recall's rules (rules.ts decisions) as given a game / when a command / then events, a rejection or a view. */
import { describe, expect, it } from 'vitest';
import { GAME_RULES } from '../../catalogue/games.ts';
import { deadlineOf, resultOf, step } from './decider.ts';
import { RapidRecallEvent } from './messages.ts';
import { parseOptions, moveCommand, rapidRecallModule } from './module.ts';
import {
  RAPID_RECALL_INPUT_BASE_MS,
  RAPID_RECALL_INPUT_MS_PER_ITEM,
  RAPID_RECALL_ITEM_MS,
  RAPID_RECALL_LIVES,
  RAPID_RECALL_MAX_SCORE,
  RAPID_RECALL_POINTS,
  RAPID_RECALL_POOLS,
  RAPID_RECALL_ROUNDS_MAX,
  RAPID_RECALL_ROUND_PAUSE_MS,
  RAPID_RECALL_SEQUENCE_MAX,
  RAPID_RECALL_SEQUENCE_START,
  RAPID_RECALL_WIN_LENGTH,
} from './rules.ts';
import { sequenceOf, type RapidRecallState } from './state.ts';
import { rapidRecallTexts } from './texts.ts';
import { STARTED_AT, T0, expire, iso, play, recall, recallRight, recallWrong, started, startedEvents, times } from './testing.ts';
import { RapidRecallPlay, viewFor } from './view.ts';

const expectUnchanged = (state: RapidRecallState, command: Parameters<typeof step>[0], rejection: string) => {
  const before = structuredClone(state);
  expect(step(command, state)).toBe(rejection);
  expect(state).toEqual(before);
};

/** Plays right answers until the round's length is `length`. */
function reachLength(state: RapidRecallState, length: number): RapidRecallState {
  let s = state;
  while (s.length < length) s = recallRight(s);
  return s;
}

describe('starting a game', () => {
  it('draws every sequence at the start (secret in the start event) and opens round 1 after the pause', () => {
    const events = startedEvents('digit');
    expect(events.map((e) => e.type)).toEqual(['RapidRecallStarted', 'RoundStarted']);
    for (const event of events) expect(RapidRecallEvent.safeParse(event).success).toBe(true);
    expect(events[1]).toEqual({
      type: 'RoundStarted',
      data: { round: 1, length: RAPID_RECALL_SEQUENCE_START, startsAt: iso(T0 + RAPID_RECALL_ROUND_PAUSE_MS) },
    });
    const state = started('digit');
    expect(state.sequences).toHaveLength(RAPID_RECALL_ROUNDS_MAX);
    for (const sequence of state.sequences) expect(sequence).toHaveLength(RAPID_RECALL_SEQUENCE_MAX);
    expect(state).toMatchObject({
      status: 'playing',
      kind: 'digit',
      round: 1,
      length: 3,
      lives: RAPID_RECALL_LIVES,
      score: 0,
      startedAt: STARTED_AT,
    });
  });

  it('draws for the worst case: every length once plus a retry for each life but the last', () => {
    expect(RAPID_RECALL_ROUNDS_MAX).toBe(15 - 3 + 1 + 2);
  });

  it('times round 1: an item a second after the pause, then the answer window of the base plus a time per item', () => {
    const state = started();
    const { startsAt, opensAt, closesAt } = times(state);
    expect(startsAt).toBe(T0 + RAPID_RECALL_ROUND_PAUSE_MS);
    expect(opensAt).toBe(startsAt + 3 * RAPID_RECALL_ITEM_MS);
    expect(closesAt).toBe(opensAt + RAPID_RECALL_INPUT_BASE_MS + 3 * RAPID_RECALL_INPUT_MS_PER_ITEM);
    expect(deadlineOf(state)).toBe(iso(closesAt));
  });

  it('draws the same sequences from the same seeds, in the fixed order (the verifier’s vectors)', () => {
    expect(started('colour').sequences[0]!.slice(0, 8)).toEqual(['blue', 'yellow', 'green', 'red', 'yellow', 'green', 'yellow', 'purple']);
    expect(started('digit').sequences[1]!.slice(0, 4)).toEqual(['9', '4', '0', '7']);
    expect(started('fidel').sequences[0]!.slice(0, 4)).toEqual(['ነ', 'ዘ', 'ሰ', 'ሀ']);
    expect(started('mixed').sequences[1]!.slice(0, 8)).toEqual(['ነ', 'purple', 'ሰ', '0', 'መ', '4', 'ረ', 'yellow']);
    expect(started('mixed').sequences[14]!.slice(10)).toEqual(['ነ', '7', 'ሀ', 'green', 'ሀ']);
  });

  it('takes the kind from the options, mixed by default, and refuses anything else by name', () => {
    expect(parseOptions(undefined)).toEqual({ kind: 'mixed' });
    expect(parseOptions({})).toEqual({ kind: 'mixed' });
    expect(parseOptions({ kind: 'fidel' })).toEqual({ kind: 'fidel' });
    expect(parseOptions({ kind: 'sound' })).toBe('unknown_kind');
    expect(parseOptions(7)).toBe('invalid_options');
  });
});

describe('answering a round', () => {
  it('a right answer scores per item, with the speed bonus within a second per item, and the next round is one longer', () => {
    const state = started();
    const { opensAt } = times(state);
    const fast = play(state, recall(1, sequenceOf(state), opensAt + 3 * RAPID_RECALL_POINTS.fastMsPerItem));
    expect(fast.score).toBe(3 * (RAPID_RECALL_POINTS.perItem + RAPID_RECALL_POINTS.speedPerItem));
    expect(fast).toMatchObject({
      round: 2,
      length: 4,
      lives: 3,
      longest: 3,
      roundStartsAt: iso(opensAt + 3_000 + RAPID_RECALL_ROUND_PAUSE_MS),
    });
    const slow = play(state, recall(1, sequenceOf(state), opensAt + 3_001));
    expect(slow.score).toBe(3 * RAPID_RECALL_POINTS.perItem);
  });

  it('accepts the answer from the instant the window opens', () => {
    const state = started();
    expect(step(recall(1, sequenceOf(state), times(state).opensAt), state)).not.toBeTypeOf('string');
  });

  it('a wrong answer costs a life, scores nothing, and the same length comes again with the next drawn sequence', () => {
    const state = recallWrong(started());
    expect(state).toMatchObject({ round: 2, length: 3, lives: 2, score: 0, longest: 0 });
    expect(sequenceOf(state)).toEqual(state.sequences[1]!.slice(0, 3));
    expect(state.rounds[0]).toMatchObject({ round: 1, outcome: 'wrong', points: 0 });
  });

  it('an answer in the wrong order is wrong', () => {
    const state = started('digit');
    const [a, b, c] = sequenceOf(state);
    const after = play(state, recall(1, [b!, a!, c!], times(state).opensAt + 100));
    expect(after.rounds[0]!.outcome).toBe('wrong');
  });

  it('ends when the last life goes, lost below the win length, paying nothing', () => {
    let s = reachLength(started(), 5);
    s = recallWrong(recallWrong(s));
    expect(s).toMatchObject({ status: 'playing', lives: 1, length: 5 });
    s = recallWrong(s);
    expect(s).toMatchObject({ status: 'over', lives: 0, endReason: 'out_of_lives', longest: 4 });
    expect(deadlineOf(s)).toBeNull();
    expect(resultOf(s)).toEqual({ won: false, score: s.score, tokens: 0, xp: 0, finishedAt: s.finishedAt });
  });

  it('is won once a sequence of the win length is recalled, paying tokensForScore and xpForScore', () => {
    let s = reachLength(started(), RAPID_RECALL_WIN_LENGTH + 1);
    expect(s.longest).toBe(RAPID_RECALL_WIN_LENGTH);
    s = recallWrong(recallWrong(recallWrong(s)));
    // Lengths 3–6, all fast: (3 + 4 + 5 + 6) × 15 = 270 points.
    expect(resultOf(s)).toEqual({ won: true, score: 270, tokens: 2, xp: 7, finishedAt: s.finishedAt });
  });

  it('ends after the last length is recalled, every length once and fast making the best score', () => {
    let s = started('fidel');
    let rounds = 0;
    while (s.status === 'playing') {
      s = recallRight(s);
      rounds += 1;
    }
    expect(rounds).toBe(RAPID_RECALL_SEQUENCE_MAX - RAPID_RECALL_SEQUENCE_START + 1);
    expect(s).toMatchObject({ endReason: 'completed', longest: RAPID_RECALL_SEQUENCE_MAX, score: RAPID_RECALL_MAX_SCORE });
    expect(resultOf(s)).toMatchObject({ won: true, tokens: 5, xp: 10 });
  });

  it('derives the leaderboard’s best score from the rule table', () => {
    expect(RAPID_RECALL_MAX_SCORE).toBe((3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15) * 15);
    expect(rapidRecallModule.leaderboard).toEqual({ category: 'memory', maxScore: 1755 });
  });

  it('uses every retry sequence in the worst case without running out', () => {
    let s = started();
    s = recallWrong(recallWrong(s));
    s = reachLength(s, RAPID_RECALL_SEQUENCE_MAX);
    s = recallRight(s);
    expect(s).toMatchObject({ status: 'over', endReason: 'completed', round: RAPID_RECALL_ROUNDS_MAX });
  });
});

describe('the time of a round', () => {
  it('refuses an answer while the sequence is still showing, or before it starts, and changes nothing', () => {
    const state = started();
    const { startsAt, opensAt } = times(state);
    for (const at of [T0, startsAt - 1, startsAt, startsAt + 1_500, opensAt - 1]) {
      expectUnchanged(state, recall(1, sequenceOf(state), at), 'still_showing');
    }
  });

  it('refuses an answer at or after the window’s end as round_time_up; the expiry then takes a life', () => {
    const state = started();
    const { closesAt } = times(state);
    expectUnchanged(state, recall(1, sequenceOf(state), closesAt), 'round_time_up');
    expectUnchanged(state, expire(closesAt - 1), 'deadline_not_reached');
    const result = step(expire(closesAt + 2_000), state);
    if (typeof result === 'string') throw new Error(result);
    expect(result.events.map((e) => e.type)).toEqual(['RoundTimedOut', 'RoundStarted']);
    expect(result.state).toMatchObject({
      round: 2,
      length: 3,
      lives: 2,
      roundStartsAt: iso(closesAt + 2_000 + RAPID_RECALL_ROUND_PAUSE_MS),
    });
    expect(result.state.rounds[0]).toMatchObject({ outcome: 'timed_out', answer: null });
  });

  it('ends the game when a timeout takes the last life', () => {
    let s = started();
    for (let i = 0; i < RAPID_RECALL_LIVES; i++) s = play(s, expire(times(s).closesAt));
    expect(s).toMatchObject({ status: 'over', endReason: 'out_of_lives', lives: 0, score: 0 });
    expect(resultOf(s)).toMatchObject({ won: false, tokens: 0, xp: 0 });
  });
});

describe('other rejections change nothing', () => {
  const state = started('colour');
  const { opensAt } = times(state);

  it('refuses another round’s answer, an item not in the game, a wrong number of items, another player', () => {
    const sequence = sequenceOf(state);
    expectUnchanged(state, recall(2, sequence, opensAt + 100), 'not_current_round');
    expectUnchanged(state, recall(1, ['red', '7', 'blue'], opensAt + 100), 'unknown_item');
    expectUnchanged(state, recall(1, sequence.slice(0, 2), opensAt + 100), 'wrong_length');
    expectUnchanged(state, recall(1, [...sequence, 'red'], opensAt + 100), 'wrong_length');
    expectUnchanged(state, recall(1, sequence, opensAt + 100, 'bob'), 'not_your_match');
  });

  it('refuses everything once the game is over', () => {
    let over = state;
    for (let i = 0; i < RAPID_RECALL_LIVES; i++) over = recallWrong(over);
    expectUnchanged(over, recall(over.round, sequenceOf(over), times(over).opensAt + 100), 'game_over');
    expectUnchanged(over, expire(times(over).closesAt), 'game_over');
  });

  it('parses the wire move, refusing a malformed one by name', () => {
    const at = iso(opensAt);
    expect(moveCommand({ type: 'recall', round: 1, items: ['red', 'blue', 'green'] }, 'ann', at)).toEqual({
      type: 'RecallSequence',
      data: { playerId: 'ann', round: 1, items: ['red', 'blue', 'green'], at },
    });
    expect(moveCommand({ type: 'recall', round: 0, items: ['red'] }, 'ann', at)).toBe('invalid_recall_move');
    expect(moveCommand({ type: 'recall', items: ['red'] }, 'ann', at)).toBe('invalid_recall_move');
    expect(moveCommand({ type: 'recall', round: 1, items: 'red' }, 'ann', at)).toBe('invalid_recall_move');
    expect(moveCommand({ type: 'recall', round: 1, items: ['red', 3] }, 'ann', at)).toBe('invalid_recall_move');
    expect(moveCommand({ type: 'recall', round: 1, items: [] }, 'ann', at)).toBe('wrong_length');
    expect(moveCommand({ type: 'recall', round: 1, items: Array.from({ length: 16 }, () => 'red') }, 'ann', at)).toBe('wrong_length');
    expect(moveCommand({ type: 'math_answer', problem: 0, value: 1 }, 'ann', at)).toBe('move_not_for_this_game');
  });
});

describe('what the player sees', () => {
  it('waits, then shows one item at a time with the instant of the next change, then opens the window', () => {
    const state = started('digit');
    const { startsAt, opensAt, closesAt } = times(state);
    const sequence = sequenceOf(state);
    expect(viewFor(state, iso(T0))).toMatchObject({ phase: 'waiting', showing: null, nextChangeAt: iso(startsAt) });
    expect(RapidRecallPlay.safeParse(viewFor(state, iso(startsAt))).success).toBe(true);
    for (let k = 0; k < 3; k++) {
      for (const offset of [0, 999]) {
        expect(viewFor(state, iso(startsAt + k * 1_000 + offset))).toMatchObject({
          phase: 'showing',
          showing: { index: k, item: sequence[k] },
          nextChangeAt: iso(startsAt + (k + 1) * 1_000),
        });
      }
    }
    expect(viewFor(state, iso(opensAt))).toMatchObject({ phase: 'input', showing: null, nextChangeAt: iso(closesAt) });
    expect(viewFor(state, iso(closesAt))).toMatchObject({ phase: 'timed_out', showing: null, nextChangeAt: null });
    expect(viewFor(state, iso(T0)).pad).toEqual([...RAPID_RECALL_POOLS.digit]);
  });

  it('shows the round just over with its sequence, and everything once the game is over', () => {
    const wrong = recallWrong(started());
    expect(viewFor(wrong, iso(Date.parse(wrong.roundStartsAt) - 1)).last).toMatchObject({
      round: 1,
      outcome: 'wrong',
      sequence: wrong.sequences[0]!.slice(0, 3),
    });
    expect(viewFor(wrong, iso(T0)).sequences).toBeUndefined();
    const over = recallWrong(recallWrong(wrong));
    const view = viewFor(over, iso(Date.parse(over.finishedAt!) + 1));
    expect(RapidRecallPlay.safeParse(view).success).toBe(true);
    expect(view).toMatchObject({ phase: 'over', endReason: 'out_of_lives', showing: null });
    expect(view.sequences).toEqual(over.sequences);
    expect(view.rounds).toHaveLength(3);
  });

  it('writes its instructions from the rules, ending with the price and the reward', () => {
    const { title, instructions } = rapidRecallTexts(GAME_RULES['rapid-recall']);
    expect(title).toEqual({ en: 'Rapid Recall', am: 'ፈጣን ትውስታ' });
    expect(instructions.en).toContain('The first sequence has 3 items');
    expect(instructions.en).toContain(`Recall a sequence of ${RAPID_RECALL_WIN_LENGTH} items to win.`);
    expect(instructions.en).toMatch(/A game costs 8 tokens; you can play up to 15 times a day\. A win pays up to 5 tokens and 10 XP\.$/);
    expect(instructions.am).toContain('ከ3 ዕድሎችዎ');
  });

  it('names every rejection in both languages', () => {
    for (const name of ['still_showing', 'round_time_up', 'not_current_round', 'unknown_item', 'wrong_length', 'unknown_kind']) {
      expect(rapidRecallModule.rejections[name]).toMatchObject({ en: expect.any(String), am: expect.any(String) });
    }
  });
});
