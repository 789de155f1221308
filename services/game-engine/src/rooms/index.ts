/** Multiplayer rooms: the pure room aggregate (decider, state, view) and the money it owes the ledger. */
export * from './events.ts';
export * from './state.ts';
export * from './decide.ts';
export * from './settlement.ts';
export * from './view.ts';
export * from './ledger-steps.ts';
export { roomCodeFor } from './code.ts';
