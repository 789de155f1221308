/** The room games' matches folded from their streams, typed per game, for tests that look inside a match. */
export { loadCrazy, loadDuel } from '../src/simulation/harness.ts';
