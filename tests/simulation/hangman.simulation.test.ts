/**
 * A seeded simulation of single-player Hangman through the real engine service and the real ledger (sim/hangman.ts,
 * which the swarm of `npm run sim` runs as well), on the SQL event store in PGlite with its read models: thousands
 * of games in English and Amharic, random players and moves, faults between the engine and the ledger, retried and
 * duplicated commands. The simulation checks every view, score and token movement against the rules and the model,
 * and the ledger audit; here a long run must also reach the interesting paths.
 *
 * SIM_SEED and SIM_GAMES change the run (SIM_STORE=memory: the memory store); a failure names the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateHangman } from '../sim/hangman.ts';
import { openSeedStorage, type SeedStorage } from '../sim/storage.ts';

const SEED = Number(process.env.SIM_SEED ?? 20260302);
const GAMES = Number(process.env.SIM_GAMES ?? 2000);

describe(`Hangman simulation (seed ${SEED}, ${GAMES} games)`, () => {
  let storage: SeedStorage;

  beforeAll(async () => {
    storage = await openSeedStorage(process.env.SIM_STORE === 'memory' ? 'memory' : 'sql');
  }, 120_000);
  afterAll(async () => {
    await storage?.close();
  });

  it('keeps every rule and every token accounted for', async () => {
    const s = await simulateHangman(SEED, GAMES, storage);
    console.log(
      `hangman simulation seed ${SEED}: ${s.finished} games (${s.amharic} Amharic), ${s.won} won, ${s.moves} moves, ${s.hints} hints, ` +
        `${s.onTime} on time, ${s.limitHits} over the daily limit, ${s.poorHits} without tokens, ${s.abandoned} abandoned starts, ` +
        `${s.faults} faults, ${s.retries} retries, ${s.duplicates} duplicates; ${s.transfers} transfers, audit ok`,
    );
    expect(s.finished).toBeGreaterThan(GAMES * 0.7);
    expect(s.amharic).toBeGreaterThan(s.finished * 0.3);
    // The heavy player meets the daily limit in a run of the default length.
    if (GAMES >= 1000) expect(s.limitHits).toBeGreaterThan(0);
  }, 900_000);

  it('replays a seed to the same games', async () => {
    const runs = [];
    for (let i = 0; i < 2; i += 1) {
      const fresh = await openSeedStorage('memory');
      try {
        runs.push(await simulateHangman(7, 12, fresh));
      } finally {
        await fresh.close();
      }
    }
    expect(runs[1]).toEqual(runs[0]);
  }, 120_000);
});
