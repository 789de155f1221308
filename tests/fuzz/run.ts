/**
 * Runs the fuzz properties with a seed and a budget, the same way for the test (fuzz.test.ts, CI's fixed budget)
 * and the command line (`npm run fuzz -- --runs N --seed S`). Every failure says how to replay it exactly.
 */
import { commandPayloadSchemas } from '@qal/gateway/testing';
import fc from 'fast-check';
import { z } from 'zod';
import type { FuzzHarness } from './harness.ts';
import { operationProperty } from './http-fuzz.ts';
import { socketProperty } from './ws-fuzz.ts';

/** CI's budget: runs per HTTP operation and websocket runs, sized to finish in about a minute on 2 cores. */
export const CI_BUDGET = { runsPerOperation: 25, socketRuns: 125 } as const;
/** CI fuzzes with one seed, so a red build is about the change it tests; other runs draw a new seed each time. */
const CI_SEED = 20_251_126;
/** The websocket property gets this many runs for every run per operation asked for. */
const SOCKET_RUNS_PER_RUN = CI_BUDGET.socketRuns / CI_BUDGET.runsPerOperation;

export interface FuzzOptions {
  readonly seed: number;
  readonly runsPerOperation: number;
  readonly socketRuns: number;
  /** Only the operations whose key (`POST /api/v1/rooms`) contains this, or `ws` for the socket alone. */
  readonly only: string | undefined;
  /** fast-check's replay path of a reported failure (with its seed and `only`). */
  readonly path: string | undefined;
}

const Env = z.object({
  FUZZ_SEED: z.coerce.number().int().optional(),
  FUZZ_RUNS: z.coerce.number().int().positive().optional(),
  FUZZ_ONLY: z.string().min(1).optional(),
  FUZZ_PATH: z.string().min(1).optional(),
  CI: z.string().optional(),
});

/** Options from FUZZ_SEED, FUZZ_RUNS (runs per operation), FUZZ_ONLY and FUZZ_PATH; without a seed, CI's or a fresh one. */
export function fuzzOptions(env: Readonly<Record<string, string | undefined>>): FuzzOptions {
  const parsed = Env.parse(env);
  const runs = parsed.FUZZ_RUNS ?? CI_BUDGET.runsPerOperation;
  return {
    seed: parsed.FUZZ_SEED ?? (parsed.CI === 'true' ? CI_SEED : Math.floor(Math.random() * 2 ** 31)),
    runsPerOperation: runs,
    socketRuns: Math.ceil(runs * SOCKET_RUNS_PER_RUN),
    only: parsed.FUZZ_ONLY,
    path: parsed.FUZZ_PATH,
  };
}

export interface FuzzFailure {
  readonly target: string;
  readonly report: string;
}

export interface FuzzSummary {
  readonly seed: number;
  readonly operations: number;
  readonly requests: number;
  readonly socketRuns: number;
  readonly failures: readonly FuzzFailure[];
}

function replayHint<T>(options: FuzzOptions, target: string, details: fc.RunDetails<[T]>): string {
  const only = target === 'ws' ? 'ws' : target;
  return `replay: FUZZ_SEED=${details.seed} FUZZ_ONLY='${only}' FUZZ_PATH='${details.counterexamplePath ?? ''}' (runs ${options.runsPerOperation})`;
}

async function check<T>(
  options: FuzzOptions,
  target: string,
  property: fc.IAsyncProperty<[T]>,
  numRuns: number,
): Promise<FuzzFailure | null> {
  const details = await fc.check(property, { seed: options.seed, numRuns, ...(options.path ? { path: options.path } : {}) });
  if (!details.failed) return null;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const report = [target, error, fc.defaultReportMessage(details) ?? 'failed', replayHint(options, target, details)];
  return { target, report: report.join('\n') };
}

const selected = (options: FuzzOptions, target: string) => options.only === undefined || target.includes(options.only);

/** Runs every selected property; `log` hears about each target as it finishes. */
export async function runFuzz(h: FuzzHarness, options: FuzzOptions, log: (line: string) => void = () => undefined): Promise<FuzzSummary> {
  const failures: FuzzFailure[] = [];
  const operations = h.operations.filter((operation) => selected(options, operation.key));
  for (const operation of operations) {
    const failure = await check(options, operation.key, operationProperty(h, operation), options.runsPerOperation);
    if (failure) failures.push(failure);
    log(`${failure ? 'FAIL' : 'ok  '} ${operation.key}`);
  }
  const socketRuns = selected(options, 'ws') ? options.socketRuns : 0;
  if (socketRuns > 0) {
    const targets = { channels: h.fixtures.channels, payloads: commandPayloadSchemas() };
    const failure = await check(options, 'ws', socketProperty(h, targets), socketRuns);
    if (failure) failures.push(failure);
    log(`${failure ? 'FAIL' : 'ok  '} websocket (${socketRuns} sockets)`);
  }
  return {
    seed: options.seed,
    operations: operations.length,
    requests: operations.length * options.runsPerOperation,
    socketRuns,
    failures,
  };
}
