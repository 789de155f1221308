/**
 * A seeded simulation of rooms through the engine and the real ledger (simulation/rooms.ts, which the swarm of
 * `npm run sim` runs as well): random settings, joins, invitations, bets, leaves, starts, duels and Crazy matches,
 * timers, faults between the engine and the ledger, duplicated commands and restarts. The simulation checks that
 * views hide what they must, that tokens are conserved, that every hold is resolved once, that every match was
 * settled by the rule and that the ledger audit is clean; here a longer run must also reach the interesting paths.
 *
 * ROOMS_SIM_SEED and ROOMS_SIM_ROOMS change the run; a failure names the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateRooms } from '../src/simulation/rooms.ts';
import { audit, openRoomsBackend, type RoomsBackend } from './rooms-support.ts';

const SEED = Number(process.env.ROOMS_SIM_SEED ?? 20260305);
const ROOMS = Number(process.env.ROOMS_SIM_ROOMS ?? 40);

describe(`rooms simulation (seed ${SEED}, ${ROOMS} rooms)`, () => {
  let h: RoomsBackend;

  beforeAll(async () => {
    h = await openRoomsBackend('memory');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('conserves tokens and resolves every hold once, whatever the order and the faults', async () => {
    const summary = await simulateRooms(SEED, ROOMS, { store: h.store, db: h.db, ledger: h.ledger.handle, audit: () => audit(h) });
    if (process.env.ROOMS_SIM_VERBOSE) console.log(JSON.stringify({ seed: SEED, ...summary }));
    // The run is only worth something if it went through the interesting paths.
    expect(summary.finished).toBeGreaterThan(0);
    expect(summary.cancelled).toBeGreaterThan(0);
    expect(summary.crazyFinished).toBeGreaterThan(0);
    expect(summary.rakes).toBeGreaterThan(0);
    expect(summary.sent).toBeGreaterThan(ROOMS * 20);
    expect(summary.faults).toBeGreaterThan(0);
    expect(summary.duplicates).toBeGreaterThan(0);
    expect(summary.restarts).toBeGreaterThan(0);
    expect(summary.viewsChecked).toBeGreaterThan(0);
  }, 300_000);
});
