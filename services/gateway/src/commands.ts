import { newUuid, traceLatency, uuidFrom, type CommandEnvelope, type CommandOutcome, type CommandSender } from '@qal/events';
import { LIMITS } from './config.ts';
import type { Clock } from './clock.ts';

/**
 * Builds the envelope of a request. A client's Idempotency-Key becomes the command id, scoped to the actor
 * and the command type, so a retry returns the first outcome and one user's key can never replay another's.
 */
export function commandEnvelope(input: {
  readonly type: string;
  readonly actorId: string;
  readonly payload: Record<string, unknown>;
  readonly clock: Clock;
  readonly idempotencyKey?: string | null;
  readonly commandId?: string;
  readonly correlationId?: string;
}): CommandEnvelope {
  const commandId =
    input.commandId ?? (input.idempotencyKey ? uuidFrom('idempotency-key', input.actorId, input.type, input.idempotencyKey) : newUuid());
  return {
    commandId,
    type: input.type,
    actorId: input.actorId,
    payload: input.payload,
    issuedAt: input.clock().toISOString(),
    correlationId: input.correlationId ?? commandId,
  };
}

export class CommandTimeoutError extends Error {
  constructor(readonly commandType: string) {
    super(`command ${commandType} had no outcome in time`);
    this.name = 'CommandTimeoutError';
  }
}

export async function sendCommand(sender: CommandSender, command: CommandEnvelope): Promise<CommandOutcome> {
  // the correlation id lets a benchmark find the stages of a command it knows only by its websocket message id
  traceLatency('gateway.command', command.commandId, command.correlationId);
  return sender.send(command, { timeoutMs: LIMITS.commandTimeoutMs });
}
