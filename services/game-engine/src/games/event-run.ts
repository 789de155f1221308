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
