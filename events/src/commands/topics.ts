import { isGameEngineCommandType } from './games.ts';
import { isLedgerCommandType } from './ledger.ts';

/**
 * The command topics of the distributed mode: one per context that owns commands, read by that service's
 * consumer group. Keys are aggregate ids (`commandKey`), so one aggregate's commands stay in order.
 */
export const COMMAND_TOPICS = {
  ledger: 'commands.ledger',
  engine: 'commands.engine',
} as const;

export type CommandContext = keyof typeof COMMAND_TOPICS;

/** The consumer group of the service that handles a context's commands. */
export const commandGroupId = (context: CommandContext) => `${context}-commands`;

/** The context that owns a command type, or null for a type nobody handles. */
export function commandContextOf(type: string): CommandContext | null {
  if (isLedgerCommandType(type)) return 'ledger';
  if (isGameEngineCommandType(type)) return 'engine';
  return null;
}

export class UnknownCommandTypeError extends Error {
  constructor(readonly type: string) {
    super(`no service handles commands of type ${type}`);
    this.name = 'UnknownCommandTypeError';
  }
}

/** The topic a command type goes to (`createBusCommandSender`'s topicFor). */
export function commandTopicFor(type: string): string {
  const context = commandContextOf(type);
  if (!context) throw new UnknownCommandTypeError(type);
  return COMMAND_TOPICS[context];
}
