/**
 * Collects a command's events while folding them, so each next event is decided on the state so far. Shared by
 * the deciders that emit several events per command (the word duel, Crazy).
 */
export interface EventRun<S, E> {
  readonly state: S;
  readonly events: E[];
  push(event: E): void;
}

interface Reached {
  readonly from: unknown;
  count: number;
  state: unknown;
}
/** Where each run got to, by its events: a step takes that state rather than folding the same events again. */
const reached = new WeakMap<readonly unknown[], Reached>();

export function eventRun<S, E>(initial: S, evolve: (state: S, event: E) => S): EventRun<S, E> {
  const events: E[] = [];
  const run: Reached = { from: initial, count: 0, state: initial };
  reached.set(events, run);
  return {
    get state() {
      return run.state as S;
    },
    events,
    push(event) {
      events.push(event);
      run.state = evolve(run.state as S, event);
      run.count = events.length;
    },
  };
}

/** `events` folded onto `state`: the state their run reached when it began there and they are all its events. */
export function stateAfter<S, E>(state: S, events: readonly E[], evolve: (state: S, event: E) => S): S {
  const run = reached.get(events);
  return run && run.from === state && run.count === events.length ? (run.state as S) : events.reduce(evolve, state);
}

/** A decider as a module's `step`: the command's events and the state after them, or its named rejection (nothing changed). */
export function stepOf<C, S, E, R extends string>(
  decide: (command: C, state: S) => E[] | R,
  evolve: (state: S, event: E) => S,
): (command: C, state: S) => { events: E[]; state: S } | R {
  return (command, state) => {
    const events = decide(command, state);
    return typeof events === 'string' ? events : { events, state: stateAfter(state, events, evolve) };
  };
}
