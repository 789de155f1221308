import type { Bus, Consumer } from '../bus/port.ts';
import { traceLatency } from '../process/latency-trace.ts';
import { CommandEnvelope, CommandOutcome, rejected, type CommandHandler, type CommandSender } from './envelope.ts';

/** Outcomes travel back on one topic; each gateway instance reads it in its own group and keeps its own. */
export const REPLY_TOPIC = 'replies';
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;
export const COMMAND_HEADERS = { commandId: 'command-id', commandType: 'command-type', replyTo: 'reply-to' } as const;

export const replyGroupId = (instanceId: string) => `gateway-replies-${instanceId}`;

export class CommandTimeoutError extends Error {
  constructor(
    readonly commandId: string,
    readonly timeoutMs: number,
  ) {
    super(`command ${commandId} got no outcome within ${timeoutMs} ms`);
    this.name = 'CommandTimeoutError';
  }
}

const KEY_FIELDS = ['aggregateId', 'matchId', 'roomCode', 'code', 'accountId', 'userId'] as const;

/**
 * The aggregate a command targets, which keys it on the bus so one aggregate's commands stay in order: the
 * first of the payload's aggregate fields, else the actor (a user's own wallet, profile, ...).
 */
export function commandKey(command: CommandEnvelope): string {
  for (const field of KEY_FIELDS) {
    const value = command.payload[field];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return command.actorId;
}

export interface BusCommandSender extends CommandSender {
  /** `key` overrides the aggregate key derived from the payload. */
  send(command: CommandEnvelope, options?: { timeoutMs?: number; key?: string }): Promise<CommandOutcome>;
  close(): Promise<void>;
}

export interface BusCommandSenderOptions {
  readonly bus: Bus;
  /** This gateway instance: the replyTo of its commands and the name of its reply group. */
  readonly instanceId: string;
  /** The command topic of the context that owns a command type, e.g. `commands.ledger`. */
  readonly topicFor: (type: string) => string;
  readonly keyFor?: (command: CommandEnvelope) => string;
  readonly timeoutMs?: number;
}

/** Sends commands over the bus and resolves each with its outcome, read from the reply topic by command id. */
export async function createBusCommandSender(options: BusCommandSenderOptions): Promise<BusCommandSender> {
  const { bus, instanceId } = options;
  const keyFor = options.keyFor ?? commandKey;
  const waiting = new Map<string, Set<(outcome: CommandOutcome) => void>>();
  const ensuredTopics = new Set<string>();

  await bus.ensureTopics([REPLY_TOPIC]);
  // fromLatest: replies from before this instance (re)started are for requests nobody waits for any more.
  const replies = await bus.consume({
    groupId: replyGroupId(instanceId),
    topics: [REPLY_TOPIC],
    fromLatest: true,
    handle: async (message) => {
      if (message.headers?.[COMMAND_HEADERS.replyTo] !== instanceId) return;
      const outcome = parseJson(message.value, CommandOutcome);
      if (!outcome) return; // not ours to fix: a malformed reply would only block the ones behind it
      const resolvers = waiting.get(outcome.commandId);
      waiting.delete(outcome.commandId);
      resolvers?.forEach((resolve) => resolve(outcome));
    },
  });

  const ensureTopic = async (topic: string) => {
    if (ensuredTopics.has(topic)) return;
    await bus.ensureTopics([topic]);
    ensuredTopics.add(topic);
  };

  return {
    async send(command, sendOptions = {}) {
      const envelope = CommandEnvelope.parse({ ...command, replyTo: instanceId });
      const topic = options.topicFor(envelope.type);
      const timeoutMs = sendOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
      await ensureTopic(topic);
      let forget = () => {};
      // Wait before publishing: the outcome may arrive before publish() returns.
      const outcome = new Promise<CommandOutcome>((resolve, reject) => {
        const resolvers = waiting.get(envelope.commandId) ?? new Set();
        waiting.set(envelope.commandId, resolvers);
        const done = (result: CommandOutcome) => {
          clearTimeout(timer);
          resolve(result);
        };
        const timer = setTimeout(() => {
          forget();
          reject(new CommandTimeoutError(envelope.commandId, timeoutMs));
        }, timeoutMs);
        resolvers.add(done);
        forget = () => {
          clearTimeout(timer);
          resolvers.delete(done);
          if (resolvers.size === 0 && waiting.get(envelope.commandId) === resolvers) waiting.delete(envelope.commandId);
        };
      });
      // The timeout may fire while publish() is still retrying (a broker away): that rejection is returned
      // below, so it must not count as unhandled meanwhile (which ends a process).
      outcome.catch(() => undefined);
      try {
        await bus.publish(topic, [
          {
            key: sendOptions.key ?? keyFor(envelope),
            value: JSON.stringify(envelope),
            headers: {
              [COMMAND_HEADERS.commandId]: envelope.commandId,
              [COMMAND_HEADERS.commandType]: envelope.type,
              [COMMAND_HEADERS.replyTo]: instanceId,
            },
          },
        ]);
      } catch (error) {
        forget();
        throw error;
      }
      return outcome;
    },
    async close() {
      await replies.stop();
    },
  };
}

export interface ServeCommandsOptions {
  readonly bus: Bus;
  /** The service's consumer group: its instances share the command partitions. */
  readonly groupId: string;
  readonly topics: readonly string[];
  /**
   * Decides and appends. Must be idempotent by commandId (a redelivered command returns its first outcome):
   * a throw redelivers the command, and after the bus's maxAttempts it goes to the dead-letter topic.
   */
  readonly handler: CommandHandler;
  readonly maxAttempts?: number;
}

/** Runs a service's command handler for every command on its topics and sends each outcome to its gateway. */
export async function serveCommands(options: ServeCommandsOptions): Promise<Consumer> {
  const { bus, handler } = options;
  await bus.ensureTopics([...options.topics, REPLY_TOPIC]);
  const reply = async (replyTo: string | undefined, outcome: CommandOutcome) => {
    if (!replyTo) return; // sent by a process manager that does not wait
    await bus.publish(REPLY_TOPIC, [
      {
        key: replyTo,
        value: JSON.stringify(outcome),
        headers: { [COMMAND_HEADERS.commandId]: outcome.commandId, [COMMAND_HEADERS.replyTo]: replyTo },
      },
    ]);
  };
  return bus.consume({
    groupId: options.groupId,
    topics: options.topics,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    handle: async (message) => {
      const envelope = parseJson(message.value, CommandEnvelope);
      if (!envelope) {
        // Retrying cannot fix a malformed command: answer it if we can tell whom, and move on.
        const commandId = message.headers?.[COMMAND_HEADERS.commandId];
        if (commandId) await reply(message.headers?.[COMMAND_HEADERS.replyTo], rejected(commandId, 'invalid_command'));
        return;
      }
      traceLatency('command.received', envelope.commandId);
      const outcome = await handler(envelope);
      traceLatency('command.handled', envelope.commandId);
      await reply(envelope.replyTo, { ...outcome, commandId: envelope.commandId });
    },
  });
}

function parseJson<T>(text: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
