import {
  isGameEngineCommandType,
  isLedgerCommandType,
  rejected,
  type CommandEnvelope,
  type CommandHandler,
  type CommandSender,
} from '@qal/events';

/** The contexts that own commands; the distributed mode maps each to its bus topic (`commands.<context>`). */
export type CommandContext = 'ledger' | 'engine';

/** Which context owns a command type, or null for a type nobody handles. */
export function commandContextOf(type: string): CommandContext | null {
  if (isLedgerCommandType(type)) return 'ledger';
  if (isGameEngineCommandType(type)) return 'engine';
  return null;
}

/** The embedded mode's sender: each command goes straight to the handler of the context that owns its type. */
export function createCommandRouter(handlers: Readonly<Record<CommandContext, CommandHandler>>): CommandSender {
  return {
    send(command: CommandEnvelope) {
      const context = commandContextOf(command.type);
      if (!context) return Promise.resolve(rejected(command.commandId, 'invalid_command', { type: command.type }));
      return handlers[context](command);
    },
  };
}
