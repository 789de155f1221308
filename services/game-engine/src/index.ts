/**
 * @qal/game-engine: the pure game rules (no I/O, no clock, no randomness but seeds), the game catalogue, and the
 * engine service around them (service/: matches in the event store, the paid start, rewards, stats).
 */
export * from './catalogue/index.ts';
export * as config from './config.ts';
export * as hangman from './games/hangman/index.ts';
export * as duel from './games/hangman-duel/index.ts';
export * as crazy from './games/crazy/index.ts';
export * as rooms from './rooms/index.ts';
export type { RoomView, RoomPlayerView, RoomBetView } from './rooms/view.ts';
export { ROOM_STREAM_PREFIX, ROOM_STREAM_TYPE, roomStreamId } from './rooms/events.ts';
export * from './service/index.ts';
export * from './games/module.ts';
export { createGameRegistry, DEFAULT_GAME_REGISTRY, GAME_MODULES, matchIdFor, type GameRegistry } from './games/registry.ts';
export { crazyModule } from './games/crazy/module.ts';
export { duelModule } from './games/hangman-duel/module.ts';
export { hangmanModule, HANGMAN_MAX_SCORE } from './games/hangman/module.ts';
export { LETTER_REJECTIONS, SHARED_GAME_REJECTIONS } from './games/rejections.ts';
export * as fairness from './fairness/index.ts';
