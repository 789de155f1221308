/**
 * One worker process of the swarm (swarm.ts): runs the seeds it is sent, one at a time, each on an emptied database
 * of its own process, and answers with what broke. A seed that throws is a failure; the worker goes on.
 */
import { SIMULATIONS } from './simulations.ts';
import { reusedSeedStorage, type SeedStorage } from './storage.ts';
import type { SeedResult, WorkerRequest, WorkerResponse } from './protocol.ts';

/** Chosen by the swarm's `init` (the event store the seeds run on). */
let storage = reusedSeedStorage('memory');

/** An invariant's message says what broke; any other error keeps a few frames of its stack, which say where. */
const STACK_LINES = 6;
const explain = (error: unknown): string =>
  error instanceof Error
    ? error.name === 'InvariantError'
      ? error.message
      : (error.stack ?? String(error)).split('\n').slice(0, STACK_LINES).join('\n')
    : String(error);

async function run({ name, seed }: Extract<WorkerRequest, { type: 'seed' }>): Promise<SeedResult> {
  const simulation = SIMULATIONS[name];
  const started = performance.now();
  let failure: string | null = null;
  let seedStorage: SeedStorage | null = null;
  try {
    seedStorage = simulation.storage ? await storage.open() : null;
    await simulation.run(seed, simulation.size, seedStorage);
  } catch (error) {
    failure = explain(error);
  } finally {
    await seedStorage?.close();
  }
  return { name, seed, ms: performance.now() - started, failure, rss: process.memoryUsage().rss };
}

const reply = (response: WorkerResponse) => process.send!(response);

process.on('message', (request: WorkerRequest) => {
  if (request.type === 'init') {
    storage = reusedSeedStorage(request.store);
    // The database opens once (seconds): before the first seed, so the seeds' times are their own.
    const warm = request.names.some((name) => SIMULATIONS[name].storage) ? storage.open().then((s) => s.close()) : Promise.resolve();
    void warm.then(() => reply({ type: 'ready' }));
  } else if (request.type === 'seed') void run(request).then((result) => reply({ type: 'result', result }));
  else void storage.close().then(() => process.exit(0));
});
// The swarm is gone (stopped, or killed with its test): nothing is waiting for this process's answers.
process.on('disconnect', () => process.exit(0));
