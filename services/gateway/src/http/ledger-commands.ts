import type { FastifyRequest } from 'fastify';
import type { CommandSender } from '@qal/events';
import type { Clock } from '../clock.ts';
import { commandEnvelope, sendCommand } from '../commands.ts';
import { Rejection } from './errors.ts';
import { publicLedgerRejection } from './ledger-rejections.ts';
import { idempotencyKey } from './request-context.ts';

/**
 * Sends a ledger command for a request and returns its outcome data; a rejection becomes the failure envelope of
 * our own named rejection for it (ledger-rejections.ts), never the ledger's or a payment provider's own words.
 * The request's Idempotency-Key (if any) makes a retry return the first outcome.
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
    let outcome: Awaited<ReturnType<typeof sendCommand>>;
    try {
      outcome = await sendCommand(deps.commands, command);
    } catch (error) {
      // The provider's own message (why Chapa failed) is for the log only.
      if (!(error instanceof Error) || error.name !== 'PaymentProviderError') throw error;
      request.log.warn({ err: error, command: type }, 'the payment provider failed');
      throw new Rejection('payment_provider_unavailable');
    }
    if (outcome.status === 'rejected') {
      const refusal = publicLedgerRejection(outcome.reason, outcome.details);
      if (refusal.filtered) request.log.warn({ command: type, reason: outcome.reason, details: outcome.details }, 'ledger refused');
      throw new Rejection(refusal.code, refusal.details);
    }
    deps.afterSuccess?.();
    return outcome.data;
  };
}

export type LedgerCommandRunner = ReturnType<typeof createLedgerCommands>;
