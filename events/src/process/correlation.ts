import { AsyncLocalStorage } from 'node:async_hooks';
import type { CommandHandler, CommandSender } from '../commands/envelope.ts';

/**
 * The correlation id of the work under way (an HTTP request, a command), carried through its awaits so that every
 * log line written meanwhile names it: loggers built with `correlationMixin` add it to each line.
 */
const current = new AsyncLocalStorage<{ readonly correlationId: string }>();

export function withCorrelation<T>(correlationId: string, work: () => T): T {
  return current.run({ correlationId }, work);
}

export const currentCorrelationId = (): string | undefined => current.getStore()?.correlationId;

/**
 * Marks a logger (and, as pino children inherit it, the loggers made from it) as carrying the correlation id in its
 * own bindings already, e.g. Fastify's request loggers: the mixin then leaves it out rather than writing it twice.
 */
const BOUND = Symbol.for('qal.correlationBound');

export function markCorrelationBound<L extends object>(logger: L): L {
  Object.defineProperty(logger, BOUND, { value: true });
  return logger;
}

/** pino's `mixin` option: `{ correlationId }` inside correlated work, unless the logger binds it itself. */
export function correlationMixin(_merge: object, _level: number, logger?: object): { correlationId?: string } {
  const correlationId = currentCorrelationId();
  if (correlationId === undefined || (logger !== undefined && BOUND in logger)) return {};
  return { correlationId };
}

/** A sender that runs each send under its command's correlation id (in one process, the handler's logs carry it). */
export function correlatedSender(sender: CommandSender): CommandSender {
  return { send: (command, options) => withCorrelation(command.correlationId, () => sender.send(command, options)) };
}

/** A command handler that runs under the command's correlation id, so its log lines carry it. */
export function correlatedHandler(handler: CommandHandler): CommandHandler {
  return (command) => withCorrelation(command.correlationId, () => handler(command));
}
