import { performance } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';
import type { CommandEnvelope, CommandHandler, CommandOutcome, CommandSender } from '../commands/envelope.ts';
import { commandContextOf } from '../commands/topics.ts';
import { BUCKETS } from './registry.ts';

/** A command type nobody handles is counted as this, so the label's values stay the known types. */
export const UNKNOWN_COMMAND_TYPE = 'unknown';

const typeLabel = (command: CommandEnvelope) => (commandContextOf(command.type) ? command.type : UNKNOWN_COMMAND_TYPE);

/** succeeded or rejected; `timeout` (no outcome in time) or `error` when it threw. */
const outcomeOf = (result: CommandOutcome | Error) =>
  result instanceof Error ? (result.name === 'CommandTimeoutError' ? 'timeout' : 'error') : result.status;

/** The registry's histogram of that name, or a new one: a registry may wrap more than one sender (tests build apps twice). */
function histogramOnce(registry: Registry, name: string, help: string): Histogram<'type' | 'outcome'> {
  const existing = registry.getSingleMetric(name);
  if (existing instanceof Histogram) return existing as Histogram<'type' | 'outcome'>;
  return new Histogram({
    name,
    help,
    labelNames: ['type', 'outcome'] as const,
    buckets: [...BUCKETS.requestSeconds],
    registers: [registry],
  });
}

function timed(histogram: Histogram<'type' | 'outcome'>, command: CommandEnvelope, work: () => Promise<CommandOutcome>) {
  const started = performance.now();
  const record = (result: CommandOutcome | Error) =>
    histogram.observe({ type: typeLabel(command), outcome: outcomeOf(result) }, (performance.now() - started) / 1000);
  return work().then(
    (outcome) => {
      record(outcome);
      return outcome;
    },
    (error: unknown) => {
      record(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
}

/**
 * The gateway's commands, timed from sending to outcome by type and outcome: the whole command in the embedded mode,
 * the round trip over the bus in the distributed one.
 */
export function observeCommandSender(sender: CommandSender, registry: Registry): CommandSender {
  const histogram = histogramOnce(
    registry,
    'qal_command_duration_seconds',
    'Time from sending a command to its outcome, by command type and outcome (succeeded, rejected, timeout, error)',
  );
  return { send: (command, options) => timed(histogram, command, () => sender.send(command, options)) };
}

/** A service process's command handler, timed from receiving a command to its outcome. */
export function observeCommandHandler(handler: CommandHandler, registry: Registry): CommandHandler {
  const histogram = histogramOnce(
    registry,
    'qal_command_handling_duration_seconds',
    'Time a service process took to handle a command from the bus, by command type and outcome',
  );
  return (command) => timed(histogram, command, () => handler(command));
}
