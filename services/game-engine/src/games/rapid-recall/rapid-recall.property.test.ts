/**
 * Property tests over many seeds (seeded loops: no Math.random, no wall clock): the drawn sequences, and the view
 * never showing an item before its time, an item already shown in the round, or any item of a later round.
 */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { step } from './decider.ts';
import { RAPID_RECALL_KINDS, RAPID_RECALL_POOLS, RAPID_RECALL_ROUNDS_MAX, RAPID_RECALL_SEQUENCE_MAX } from './rules.ts';
import { drawSequences } from './sequences.ts';
import { sequenceOf, showAtMs, type RapidRecallState } from './state.ts';
import { SEEDS, expire, iso, recall, recallRight, recallWrong, started, times } from './testing.ts';
import { viewFor } from './view.ts';

const serverSeed = (i: number) => (i * 2654435761).toString(16).padStart(8, '0').slice(-8).repeat(8);

describe.each(RAPID_RECALL_KINDS)('the sequences of a %s game', (kind) => {
  const games = Array.from({ length: 40 }, (_, i) =>
    drawSequences(fairRandom({ serverSeed: serverSeed(i + 1), clientSeed: 'prop', nonce: i }), kind),
  );
  const pool = RAPID_RECALL_POOLS[kind];

  it('are drawn for the worst case, from the kind’s pool only, never an item twice in a row', () => {
    const faults: string[] = [];
    for (const sequences of games) {
      if (sequences.length !== RAPID_RECALL_ROUNDS_MAX) faults.push(`${sequences.length} sequences`);
      for (const sequence of sequences) {
        if (sequence.length !== RAPID_RECALL_SEQUENCE_MAX) faults.push(`a sequence of ${sequence.length}`);
        sequence.forEach((item, k) => {
          if (!pool.includes(item)) faults.push(`${item} is not in the pool`);
          if (k > 0 && item === sequence[k - 1]) faults.push(`${item} twice in a row`);
        });
      }
    }
    expect(faults).toEqual([]);
  });

  it('use every item of the pool', () => {
    expect(new Set(games.flat(2))).toEqual(new Set(pool));
  });
});

/**
 * The same game with every item the player may not see at `now` replaced: the items of later rounds, and every item
 * of the current round except the one due at `now` during the showing.
 */
function withHiddenItemsChanged(state: RapidRecallState, now: number): RapidRecallState {
  const pool = RAPID_RECALL_POOLS[state.kind];
  const other = (item: string) => pool[(pool.indexOf(item) + 1) % pool.length]!;
  const showing =
    now >= showAtMs(state, 0) && now < times(state).opensAt ? Math.floor((now - showAtMs(state, 0)) / state.timing.itemMs) : -1;
  return {
    ...state,
    sequences: state.sequences.map((sequence, r) => {
      const round = r + 1;
      if (round < state.round || state.status === 'over') return sequence;
      // Past rounds keep their items (they are over); the current round keeps only the item due now.
      return sequence.map((item, k) => (round === state.round && k === showing ? item : other(item)));
    }),
  };
}

/** Games at several points: the start, after right and wrong answers, after a timeout, near the longest length. */
function statesOf(seedIndex: number): RapidRecallState[] {
  const kind = RAPID_RECALL_KINDS[seedIndex % RAPID_RECALL_KINDS.length]!;
  const first = started(kind, { ...SEEDS, nonce: seedIndex });
  const states = [first];
  let s = first;
  s = recallRight(s);
  states.push(s);
  s = recallWrong(s);
  states.push(s);
  s = recallRight(recallRight(recallRight(s)));
  states.push(s);
  const result = step(expire(times(s).closesAt + 700), s);
  if (typeof result !== 'string') states.push(result.state);
  return states;
}

describe('the view at any instant', () => {
  it('depends on no item the player may not see then: none not yet due, none already shown, none of a later round', () => {
    for (let seed = 0; seed < 8; seed++) {
      for (const state of statesOf(seed)) {
        const { opensAt, closesAt } = times(state);
        for (let now = Date.parse(state.roundStartsAt) - 2_000; now <= closesAt + 1_000; now += 137) {
          const at = iso(now);
          expect(viewFor(withHiddenItemsChanged(state, now), at)).toEqual(viewFor(state, at));
        }
        expect(opensAt).toBeLessThan(closesAt);
      }
    }
  });

  it('shows during the showing exactly the item due, whose time has come and whose successor’s has not', () => {
    for (let seed = 0; seed < 8; seed++) {
      for (const state of statesOf(seed)) {
        const sequence = sequenceOf(state);
        for (let now = Date.parse(state.roundStartsAt) - 500; now < times(state).closesAt; now += 97) {
          const { showing } = viewFor(state, iso(now));
          if (showing === null) continue;
          expect(showAtMs(state, showing.index)).toBeLessThanOrEqual(now);
          expect(now).toBeLessThan(showAtMs(state, showing.index + 1));
          expect(showing.item).toBe(sequence[showing.index]);
        }
      }
    }
  });

  it('an answer during the showing changes nothing, at any instant of it', () => {
    for (let seed = 0; seed < 8; seed++) {
      for (const state of statesOf(seed)) {
        const before = structuredClone(state);
        for (let now = Date.parse(state.roundStartsAt) - 1_000; now < times(state).opensAt; now += 111) {
          expect(step(recall(state.round, sequenceOf(state), now), state)).toBe('still_showing');
        }
        expect(state).toEqual(before);
      }
    }
  });
});
