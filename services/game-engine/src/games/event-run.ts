/**
 * Collects a command's events while folding them, so each next event is decided on the state so far. Shared by
 * the deciders that emit several events per command (the word duel, Crazy).
 */
export interface EventRun<S, E> {
  readonly state: S;
  readonly events: E[];
  push(event: E): void;
}

export function eventRun<S, E>(initial: S, evolve: (state: S, event: E) => S): EventRun<S, E> {
  let state = initial;
  const events: E[] = [];
  return {
    get state() {
      return state;
    },
    events,
    push(event) {
      events.push(event);
      state = evolve(state, event);
    },
  };
}

/** A decider as a module's `step`: the command's events and the state after them, or its named rejection (nothing changed). */
export function stepOf<C, S, E, R extends string>(
  decide: (command: C, state: S) => E[] | R,
  evolve: (state: S, event: E) => S,
): (command: C, state: S) => { events: E[]; state: S } | R {
  return (command, state) => {
    const events = decide(command, state);
    return typeof events === 'string' ? events : { events, state: events.reduce(evolve, state) };
  };
}
