/** Crazy, the Ethiopian card game, as a pure decider (docs/product-rules.md, "Crazy"; decisions in rules.ts). */
export { ALL_CARD_IDS, RANKS, SUITS, SUIT_SYMBOL, cardOf, isCardId, labelOf, pointsOf, type Card, type Rank, type Suit } from './cards.ts';
export {
  decide,
  evolve,
  fold,
  goesOnPile,
  initialState,
  isCatchable,
  isCombination,
  scoresOf,
  stacksOn,
  startEvents,
  step,
  winnersOf,
  wrongPlayReason,
  type CrazyConfig,
  type CrazyOutcome,
} from './decider.ts';
export { lastAfter, type CrazyLast, type CrazyLastKind } from './last.ts';
export * from './messages.ts';
export * from './messages.en-am.ts';
export { replay, replaySteps, type ReplayOptions, type ReplayStep, type ReplayStepKind } from './replay.ts';
export * from './rules.ts';
export {
  drawableCount,
  handOf,
  isPlaying,
  nextPlayer,
  playingIds,
  topCard,
  type CrazyPlayer,
  type CrazyState,
  type Direction,
} from './state.ts';
export { CRAZY_DIRECTIONS, CardView, CrazyLastView, CrazyView, publicView, viewFor, type ViewOptions } from './view.ts';
