/**
 * What the player sees of a Codebreaker game (the `play` part of the arcade view): the level, every guess with its
 * pegs, the hints taken. The code and the hints not taken only once the game is over.
 */
import { CodebreakerPlay } from '@qal/events';
import { isOver, type CodebreakerState } from './state.ts';

/** The schema is the client contract (@qal/events contracts/arcade/codebreaker.ts); this file builds it. */
export { CodebreakerPlay };

/** Nothing in it depends on the clock (no item is shown later than its move): `_now` keeps the module's shape. */
export function viewFor(state: CodebreakerState, _now: string): CodebreakerPlay {
  const over = isOver(state);
  return {
    level: state.level,
    codeLength: state.codeLength,
    repeatsAllowed: state.repeatsAllowed,
    attemptsMax: state.attemptsMax,
    attemptsUsed: state.guesses.length,
    guesses: state.guesses.map((g) => ({ ...g })),
    hintsMax: state.hints.length,
    hintsUsed: state.hintsUsed,
    hintCostPoints: state.hintCostPoints,
    hints: state.hints.slice(0, state.hintsUsed).map((h) => ({ ...h })),
    timeLimitSeconds: Math.round(state.timeLimitMs / 1000),
    code: over ? state.code : null,
    allHints: over ? state.hints.map((h) => ({ ...h })) : null,
    endReason: state.endReason,
  };
}
