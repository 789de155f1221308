/**
 * @qal/game-engine/simulation: the seeded simulations of the games and rooms as plain functions, which the engine's
 * own tests and the swarm (`npm run sim`, tests/sim) both run, and the assertions and randomness they share. Each
 * throws an InvariantError naming its seed when an invariant breaks. Not for production code.
 */
export { InvariantError, invariant, matches, same, stringsOf } from './check.ts';
export { simRandom, type SimRandom } from './random.ts';
/** A fixed 64-hex server seed named by a label: the engine's `newSeed` in a simulation, so its deals and words replay. */
export { testServerSeed } from '../fairness/testing.ts';
export { simulateCrazy, type CrazySummary } from './crazy.ts';
export { simulateDuel, type DuelMatch } from './duel.ts';
export { simulateRooms, type RoomsPlatform, type RoomsSummary } from './rooms.ts';
