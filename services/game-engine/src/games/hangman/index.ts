/** Single-player Hangman: a pure decider over a word bank in English and Amharic, its chance provably fair. */
export * from './alphabet.ts';
export { candidateWords, decide, evolve, initialState, replay, type HangmanConfig, type HangmanSelection } from './decider.ts';
export { AMHARIC_FIDEL, AMHARIC_KEYS, familyMembers, familyOf, soundAlikesOf, type FamilyKey } from './fidel.ts';
export * from './messages.ts';
export { allHangmanOptions, hangmanOptions, type HangmanOptions } from './options.ts';
export { multiplierTenths, scoreOf, type ScoreInput } from './scoring.ts';
export { NOT_STARTED, type HangmanGame, type HangmanResult, type HangmanState } from './state.ts';
export { HangmanView, publicView, viewFor } from './view.ts';
export * from './words/categories.ts';
export { WORD_BANK, categoriesOf, difficultyOf, wordsFor, type WordEntry, type WordFilter } from './words/word-bank.ts';
