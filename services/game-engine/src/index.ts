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
import { crazyModule } from './games/crazy/module.ts';
import { duelModule } from './games/hangman-duel/module.ts';
export { crazyModule, duelModule };
export { hangmanModule, HANGMAN_MAX_SCORE } from './games/hangman/module.ts';
/** The room games' match streams, for readers outside the engine (names from @qal/events contracts/streams.ts). */
export { CRAZY_STREAM_PREFIX, DUEL_STREAM_PREFIX, crazyStreamId, duelStreamId } from '@qal/events';
export const DUEL_STREAM_TYPE = duelModule.stream.streamType;
export const CRAZY_STREAM_TYPE = crazyModule.stream.streamType;
export { LETTER_REJECTIONS, SHARED_GAME_REJECTIONS } from './games/rejections.ts';
export * as fairness from './fairness/index.ts';
