/**
 * Fuzzes every HTTP operation of the API document and the player websocket against the embedded platform, with
 * CI's fixed budget (run.ts). A failure prints its seed and replay path: FUZZ_SEED, FUZZ_ONLY and FUZZ_PATH replay
 * it here, and `npm run fuzz -- --runs N` runs longer (cli.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type FuzzHarness } from './harness.ts';
import { fuzzOptions, runFuzz } from './run.ts';

const options = fuzzOptions(process.env);
let h: FuzzHarness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('fuzzing the API and the websocket', () => {
  it('finds every documented operation and real ids to aim at', () => {
    expect(h.operations.length).toBeGreaterThan(40);
    expect(h.operations.map((operation) => operation.key)).toEqual(
      expect.arrayContaining(['POST /api/v1/rooms', 'GET /api/v1/stats/player/{id}']),
    );
    expect(h.fixtures.channels.some((channel) => channel.startsWith('room:'))).toBe(true);
    expect(h.fixtures.channels.some((channel) => channel.startsWith('match:'))).toBe(true);
  });

  it(`holds its properties for every operation and the socket (seed ${options.seed})`, async () => {
    console.log(`fuzz seed ${options.seed}, ${options.runsPerOperation} runs per operation, ${options.socketRuns} sockets`);
    const summary = await runFuzz(h, options);
    const reports = summary.failures.map((failure) => failure.report);
    if (reports.length > 0) console.error(reports.join('\n\n'));
    expect(summary.failures.map((failure) => failure.target)).toEqual([]);
  });
});
