import { z } from 'zod';

/**
 * Every request becomes a command envelope. `commandId` is the idempotency key: a retried command returns
 * the first outcome and never has a second effect.
 */
export const CommandEnvelope = z.object({
  commandId: z.string().min(1).max(100),
  type: z.string().min(1),
  /** The user who asked, or `system:<process>` for process managers and timers. */
  actorId: z.string().min(1),
  payload: z.record(z.string(), z.unknown()),
  /** ISO time the gateway received it: deciders read time only from here, never from a clock. */
  issuedAt: z.iso.datetime(),
  correlationId: z.string().min(1),
  /** The gateway instance waiting for the outcome. */
  replyTo: z.string().optional(),
});
export type CommandEnvelope = z.infer<typeof CommandEnvelope>;

/** How the actor of a process manager's or a timer's command begins (`system:<process>`). */
export const SYSTEM_ACTOR_PREFIX = 'system:';
/** A process manager or a timer, not a person: it reads a command's outcome, never a read model after it. */
export const isSystemActor = (actorId: string): boolean => actorId.startsWith(SYSTEM_ACTOR_PREFIX);

export const CommandOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeeded'),
    commandId: z.string(),
    data: z.record(z.string(), z.unknown()).default({}),
  }),
  z.object({
    status: z.literal('rejected'),
    commandId: z.string(),
    /** A named rejection, e.g. insufficient_tokens; mapped to status, message and i18n key in one table. */
    reason: z.string(),
    details: z.record(z.string(), z.unknown()).default({}),
  }),
]);
export type CommandOutcome = z.infer<typeof CommandOutcome>;

export const succeeded = (commandId: string, data: Record<string, unknown> = {}): CommandOutcome => ({
  status: 'succeeded',
  commandId,
  data,
});
export const rejected = (commandId: string, reason: string, details: Record<string, unknown> = {}): CommandOutcome => ({
  status: 'rejected',
  commandId,
  reason,
  details,
});

/** Sends a command to its owning service and resolves with its outcome. */
export interface CommandSender {
  send(command: CommandEnvelope, options?: { timeoutMs?: number }): Promise<CommandOutcome>;
}

/** A service's command entry point: decides and appends, then reports the outcome. */
export type CommandHandler = (command: CommandEnvelope) => Promise<CommandOutcome>;
