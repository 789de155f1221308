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
