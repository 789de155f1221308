/**
 * A seeded simulation of the ledger alone (sim/ledger.ts, which the swarm of `npm run sim` runs as well): random
 * transfers, holds, posts, voids, expiries, bonuses and purchases, with lost requests and replies, duplicated and
 * racing commands in two processes, reused ids and restarts. The simulation checks every answer against its model,
 * that every hold is resolved exactly once, that tokens are conserved and that the audit is clean; here a longer
 * run must also reach the interesting paths, and a seed must replay to the same run.
 *
 * LEDGER_SIM_SEED and LEDGER_SIM_OPERATIONS change the run; a failure names the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateLedger } from '../sim/ledger.ts';
import { openSeedStorage, type SeedStorage } from '../sim/storage.ts';

const SEED = Number(process.env.LEDGER_SIM_SEED ?? 20260306);
const OPERATIONS = Number(process.env.LEDGER_SIM_OPERATIONS ?? 1500);

describe(`ledger simulation (seed ${SEED}, ${OPERATIONS} operations)`, () => {
  let storage: SeedStorage;

  beforeAll(async () => {
    storage = await openSeedStorage('sql');
  }, 120_000);
  afterAll(async () => {
    await storage?.close();
  });

  it('conserves tokens, resolves every hold once and answers every delivery as the first', async () => {
    const summary = await simulateLedger(SEED, OPERATIONS, storage);
    console.log(`ledger simulation seed ${SEED}: ${JSON.stringify(summary)}`);
    expect(summary.holds.posted).toBeGreaterThan(0);
    expect(summary.holds.voided).toBeGreaterThan(0);
    expect(summary.holds.expired).toBeGreaterThan(0);
    for (const reason of ['insufficient_tokens', 'hold_already_resolved', 'hold_not_found', 'transfer_id_conflict', 'invalid_amount'])
      expect(summary.rejected[reason] ?? 0, reason).toBeGreaterThan(0);
    expect(summary.faults).toBeGreaterThan(0);
    expect(summary.duplicates).toBeGreaterThan(0);
    expect(summary.races).toBeGreaterThan(0);
    expect(summary.restarts).toBeGreaterThan(0);
  }, 600_000);

  it('replays a seed to the same run', async () => {
    const runs = [];
    for (let i = 0; i < 2; i += 1) {
      const fresh = await openSeedStorage('memory');
      try {
        runs.push(await simulateLedger(11, 120, fresh));
      } finally {
        await fresh.close();
      }
    }
    expect(runs[1]).toEqual(runs[0]);
  }, 120_000);
});
