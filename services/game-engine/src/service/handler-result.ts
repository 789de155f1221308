/** What every engine handler answers, written once. */
import { comparePositions, type CommandOutcome, type Position } from '@qal/events';

export interface HandlerResult {
  readonly outcome: CommandOutcome;
  /** Where what the command appended ends, so the caller can wait for the read model; null if nothing. */
  readonly position: Position | null;
  /** False when the appended events are ones the read model ignores (a move that did not end the game). */
  readonly changesReadModel: boolean;
}

export const answer = (outcome: CommandOutcome, position: Position | null = null, changesReadModel = true): HandlerResult => ({
  outcome,
  position,
  changesReadModel,
});

/** The later of two positions (either may be null). */
export const later = (a: Position | null, b: Position | null): Position | null => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

/** The ledger's word for a wallet that does not exist yet means the same to a player: no tokens to pay with. */
export const feeRefusal = (reason: string): string => (reason === 'account_not_found' ? 'insufficient_tokens' : reason);
