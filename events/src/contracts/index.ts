/**
 * @qal/events/contracts: what clients receive, in one place — the views of rooms, matches and the wallet, the
 * websocket protocol and the names of streams and channels. Browser-safe (zod/mini only), so the client imports the
 * same schemas and types the engine and the gateway produce; the engine builds these views, the gateway adds names.
 */
export * from './streams.ts';
export * from './values.ts';
export * from './ws.ts';
export * from './people.ts';
export * from './wallet.ts';
export * from './hangman.ts';
export * from './duel.ts';
export * from './crazy.ts';
export * from './rooms.ts';
export * from './matches.ts';
export * from './fairness-vectors.ts';
export * from './fairness.ts';
export * from './arcade/arcade.ts';
export * from './arcade/codebreaker.ts';
export * from './arcade/mines.ts';
export * from './arcade/sum-chaser.ts';
export * from './arcade/geo-sprint.ts';
export * from './arcade/math-sprint.ts';
export * from './arcade/rapid-recall.ts';
export * from './codebreaker-race.ts';
export * from './test-surface.ts';
