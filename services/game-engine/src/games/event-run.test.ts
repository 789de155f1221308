import { describe, expect, it } from 'vitest';
import { eventRun, stateAfter, stepOf } from './event-run.ts';

interface Tally {
  readonly total: number;
  readonly folds: number;
}
type Added = { readonly add: number };
let evolved = 0;
const evolve = (state: Tally, event: Added): Tally => {
  evolved++;
  return { total: state.total + event.add, folds: state.folds + 1 };
};
const start: Tally = { total: 0, folds: 0 };

/** Adds each number of the command in turn; refuses a negative one. */
function decide(command: readonly number[], state: Tally): Added[] | 'negative' {
  if (command.some((n) => n < 0)) return 'negative';
  const run = eventRun(state, evolve);
  for (const add of command) run.push({ add });
  return run.events;
}

describe('a step after its decider run', () => {
  it('gives the state the run reached, without folding its events again', () => {
    evolved = 0;
    const stepped = stepOf(decide, evolve)([1, 2, 3], start);
    expect(stepped).toEqual({ events: [{ add: 1 }, { add: 2 }, { add: 3 }], state: { total: 6, folds: 3 } });
    expect(evolved).toBe(3);
    expect(stepOf(decide, evolve)([-1], start)).toBe('negative');
  });

  it('folds again when the events are not all the run’s, or it began elsewhere', () => {
    const run = eventRun(start, evolve);
    run.push({ add: 5 });
    const elsewhere: Tally = { total: 10, folds: 0 };
    expect(stateAfter(elsewhere, run.events, evolve)).toEqual({ total: 15, folds: 1 });
    expect(stateAfter(start, [...run.events, { add: 1 }], evolve)).toEqual({ total: 6, folds: 2 });
    run.events.push({ add: 2 });
    expect(stateAfter(start, run.events, evolve)).toEqual({ total: 7, folds: 2 });
  });
});
