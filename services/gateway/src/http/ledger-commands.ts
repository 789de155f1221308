import type { FastifyRequest } from 'fastify';
import type { CommandSender } from '@qal/events';
import type { Clock } from '../clock.ts';
import { commandEnvelope, sendCommand } from '../commands.ts';
import { Rejection } from './errors.ts';
import { idempotencyKey } from './request-context.ts';

/**
 * Sends a ledger command for a request and returns its outcome data; a rejection becomes the failure envelope
 * of its named reason. The request's Idempotency-Key (if any) makes a retry return the first outcome.
 */
export function createLedgerCommands(deps: { commands: CommandSender; clock: Clock; afterSuccess?: () => void }) {
  return async function run(
    request: FastifyRequest,
    actorId: string,
    type: string,
    payload: Record<string, unknown>,
    /** A fixed command id (e.g. derived from a provider reference) instead of the Idempotency-Key. */
    commandId?: string,
  ): Promise<Record<string, unknown>> {
    const command = commandEnvelope({
      type,
      actorId,
      payload,
      clock: deps.clock,
      idempotencyKey: idempotencyKey(request),
      correlationId: request.id,
      ...(commandId ? { commandId } : {}),
    });
    const outcome = await sendCommand(deps.commands, command);
    if (outcome.status === 'rejected') throw new Rejection(outcome.reason, outcome.details);
    deps.afterSuccess?.();
    return outcome.data;
  };
}

export type LedgerCommandRunner = ReturnType<typeof createLedgerCommands>;
