import {
  isLedgerCommandType,
  LedgerCommands,
  rejected,
  type CommandEnvelope,
  type LedgerCommandPayload,
  type LedgerCommandType,
} from '@qal/events';
import type { z } from 'zod';
import { confirmPurchase, startPurchase } from './purchases.ts';
import { answer, type HandlerDeps, type HandlerResult } from './shell.ts';
import { expireHolds, placeHold, postHold, transfer, voidHold } from './transfers.ts';
import { claimDailyBonus, openWallet } from './wallets.ts';

type Handler<K extends LedgerCommandType> = (
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: LedgerCommandPayload<K>,
) => Promise<HandlerResult>;

const handlers: { [K in LedgerCommandType]: Handler<K> } = {
  OpenWallet: openWallet,
  ClaimDailyBonus: claimDailyBonus,
  StartPurchase: startPurchase,
  ConfirmPurchase: confirmPurchase,
  Transfer: transfer,
  PlaceHold: placeHold,
  PostHold: postHold,
  VoidHold: voidHold,
  ExpireHolds: (deps, command) => expireHolds(deps, command),
};

function run<K extends LedgerCommandType>(type: K, deps: HandlerDeps, command: CommandEnvelope): Promise<HandlerResult> {
  const schema = LedgerCommands[type] as unknown as z.ZodType<LedgerCommandPayload<K>>;
  const parsed = schema.safeParse(command.payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return Promise.resolve(answer(rejected(command.commandId, 'invalid_command', { issues })));
  }
  return (handlers[type] as Handler<K>)(deps, command, parsed.data);
}

/** Validates a command's type, time and payload, then runs its handler. */
export function dispatch(deps: HandlerDeps, command: CommandEnvelope): Promise<HandlerResult> {
  if (!isLedgerCommandType(command.type))
    return Promise.resolve(answer(rejected(command.commandId, 'invalid_command', { type: command.type })));
  if (Number.isNaN(Date.parse(command.issuedAt))) {
    return Promise.resolve(answer(rejected(command.commandId, 'invalid_command', { issuedAt: command.issuedAt })));
  }
  return run(command.type, deps, command);
}
