/**
 * `npm run fuzz -- [--runs N] [--seed S] [--only TEXT] [--path P]`: the fuzz properties of fuzz.test.ts with a
 * budget of one's own (N runs per operation; the websocket gets proportionally more). Exits 1 on a failure, after
 * printing how to replay it.
 */
import { parseArgs } from 'node:util';
import { startHarness } from './harness.ts';
import { fuzzOptions, runFuzz } from './run.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' }, only: { type: 'string' }, path: { type: 'string' } },
  strict: true,
});
const options = fuzzOptions({
  ...process.env,
  ...(values.runs ? { FUZZ_RUNS: values.runs } : {}),
  ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  ...(values.only ? { FUZZ_ONLY: values.only } : {}),
  ...(values.path ? { FUZZ_PATH: values.path } : {}),
});

console.log(`fuzz seed ${options.seed}, ${options.runsPerOperation} runs per operation, ${options.socketRuns} sockets`);
const started = Date.now();
const harness = await startHarness();
try {
  const summary = await runFuzz(harness, options, (line) => console.log(line));
  for (const failure of summary.failures) console.error(`\n${failure.report}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${summary.operations} operations × ${options.runsPerOperation} requests, ${summary.socketRuns} sockets, seed ${summary.seed}: ` +
      `${summary.failures.length} failing, ${seconds} s`,
  );
  console.log([...harness.tally].map(([outcome, n]) => `${outcome}: ${n}`).join(', '));
  process.exitCode = summary.failures.length > 0 ? 1 : 0;
} finally {
  await harness.close();
}
