/** The word duel: multiplayer Hangman as a pure decider (docs/product-rules.md, "Word duel"). */
export { decide, evolve, fold, initialState, startEvents, winnersOf, type DuelConfig, type DuelOutcome } from './decider.ts';
export {
  DUEL_WORD_SUGGESTIONS_MAX,
  isDictionaryWord,
  isSameWord,
  normaliseWord,
  preloadDictionary,
  suggestWords,
  type IsWord,
} from './dictionary.ts';
export * from './messages.ts';
export { replay, replaySteps, type ReplayOptions, type ReplayStep, type ReplayStepKind } from './replay.ts';
export * from './rules.ts';
export {
  isPlaying,
  isWordRevealed,
  nextGuesser,
  nextSetter,
  playingIds,
  type DuelPhase,
  type DuelPlayer,
  type DuelRound,
  type DuelState,
} from './state.ts';
export { DuelView, publicView, viewFor, type ViewOptions } from './view.ts';
