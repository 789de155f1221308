import {
  asAccountId,
  holdStreamId,
  rejected,
  succeeded,
  transferStreamId,
  type CommandEnvelope,
  type JsonObject,
  type PlaceHold,
  type PostHold,
  type Position,
  type Transfer,
  type VoidHold,
} from '@qal/events';
import type { z } from 'zod';
import { EXPIRE_HOLDS_BATCH } from '../config.ts';
import { accountsToLoad, decidePlaceHold, decideResolveHold, decideTransfer, type Movement, type Resolution } from '../core/decide.ts';
import {
  AGAIN,
  answer,
  appendDecision,
  decideOnAccounts,
  firstEvent,
  loadHold,
  recordedOutcome,
  withRetries,
  type HandlerDeps,
  type HandlerResult,
} from './shell.ts';

const movementOf = (id: string, p: z.infer<typeof Transfer> | z.infer<typeof PlaceHold>): Movement => ({
  id,
  from: asAccountId(p.from),
  to: asAccountId(p.to),
  amount: p.amount,
  reason: p.reason,
  matchId: p.matchId ?? null,
  purchaseId: null,
});

/** The same id with the same movement is the same transfer (answered as before); with another, a conflict. */
function sameMovement(recorded: JsonObject, movement: Movement): boolean {
  return (
    recorded.debitAccountId === movement.from &&
    recorded.creditAccountId === movement.to &&
    recorded.amount === movement.amount &&
    recorded.reason === movement.reason &&
    (recorded.matchId ?? null) === movement.matchId
  );
}

/**
 * The common case is a new transfer id, so the first try goes straight to deciding and appending (on the wallets as
 * this process last left them, else after one read, and one append). Only when that is refused, or the store already
 * knows the events, is the id looked up: an earlier use answers as it did, even if the wallet could no longer afford
 * it now.
 */
export function transfer(deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof Transfer>): Promise<HandlerResult> {
  const movement = movementOf(payload.transferId, payload);
  const accountIds = accountsToLoad('transfer', movement.from, movement.to);
  const earlier = async () => {
    const existing = await firstEvent(deps.store, transferStreamId(movement.id));
    if (!existing) return null;
    return answer(
      sameMovement(existing.data, movement)
        ? succeeded(command.commandId, recordedOutcome(existing).data)
        : rejected(command.commandId, 'transfer_id_conflict', { transferId: movement.id }),
    );
  };
  return deps.locks.run(accountIds, () =>
    withRetries(async (attempt) => {
      if (attempt > 1) {
        const replay = await earlier();
        if (replay) return replay;
      }
      const decision = await decideOnAccounts(deps, accountIds, (accounts) => decideTransfer(movement, accounts));
      if (decision.kind === 'rejected')
        return (attempt === 1 ? await earlier() : null) ?? answer(rejected(command.commandId, decision.reason, { ...decision.details }));
      const data = { transferId: movement.id, status: 'posted', wallets: { ...decision.wallets } };
      const position = await appendDecision(deps, command, decision.appends, data);
      return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
    }),
  );
}

export function placeHold(deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof PlaceHold>): Promise<HandlerResult> {
  const movement = movementOf(payload.holdId, payload);
  const expiresAt = new Date(payload.expiresAt).toISOString();
  const accountIds = accountsToLoad('place', movement.from, movement.to);
  const earlier = async () => {
    const existing = await firstEvent(deps.store, holdStreamId(movement.id));
    if (!existing) return null;
    return answer(
      sameMovement(existing.data, movement) && existing.data.expiresAt === expiresAt
        ? succeeded(command.commandId, recordedOutcome(existing).data)
        : rejected(command.commandId, 'transfer_id_conflict', { holdId: movement.id }),
    );
  };
  return deps.locks.run(accountIds, () =>
    withRetries(async (attempt) => {
      if (attempt > 1) {
        const replay = await earlier();
        if (replay) return replay;
      }
      const decision = await decideOnAccounts(deps, accountIds, (accounts) => decidePlaceHold(movement, expiresAt, accounts));
      if (decision.kind === 'rejected')
        return (attempt === 1 ? await earlier() : null) ?? answer(rejected(command.commandId, decision.reason, { ...decision.details }));
      const data = { holdId: movement.id, status: 'pending', wallets: { ...decision.wallets } };
      const position = await appendDecision(deps, command, decision.appends, data);
      return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
    }),
  );
}

/**
 * Posts, voids or expires a hold. The hold stream is appended at the version it was read at, so whatever
 * races (two posts, a post and a void, an expiry), one resolution is stored; a retry of the command that won
 * answers as it did, any other gets `hold_already_resolved`.
 */
async function resolveHold(deps: HandlerDeps, command: CommandEnvelope, holdId: string, resolution: Resolution): Promise<HandlerResult> {
  const found = await loadHold(deps.store, holdId);
  if (!found) return answer(rejected(command.commandId, 'hold_not_found', { holdId }));
  const { placed } = found.hold;
  const accountIds = accountsToLoad('resolve', asAccountId(placed.debitAccountId), asAccountId(placed.creditAccountId));
  return deps.locks.run([holdStreamId(holdId), ...accountIds], () =>
    withRetries(async () => {
      const current = await loadHold(deps.store, holdId);
      if (!current) return answer(rejected(command.commandId, 'hold_not_found', { holdId }));
      const { hold, last } = current;
      if (hold.status !== 'pending') {
        const first = recordedOutcome(last);
        return answer(
          first.commandId === command.commandId
            ? succeeded(command.commandId, first.data)
            : rejected(command.commandId, 'hold_already_resolved', { holdId, status: hold.status }),
        );
      }
      const decision = await decideOnAccounts(deps, accountIds, (accounts) => decideResolveHold(hold, resolution, accounts));
      if (decision.kind === 'rejected') return answer(rejected(command.commandId, decision.reason, { ...decision.details }));
      const data = { holdId, status: resolution.kind, wallets: { ...decision.wallets } };
      const position = await appendDecision(deps, command, decision.appends, data);
      return position === 'duplicate' ? AGAIN : answer(succeeded(command.commandId, data), position);
    }),
  );
}

export const postHold = (deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof PostHold>) =>
  resolveHold(deps, command, payload.holdId, { kind: 'posted' });

export const voidHold = (deps: HandlerDeps, command: CommandEnvelope, payload: z.infer<typeof VoidHold>) =>
  resolveHold(deps, command, payload.holdId, { kind: 'voided' });

/**
 * Expires pending holds past their time. The read model only finds candidates; each hold's own stream decides
 * (a hold posted meanwhile stays posted). Time is the command's `issuedAt`, never a clock.
 */
export async function expireHolds(deps: HandlerDeps, command: CommandEnvelope): Promise<HandlerResult> {
  const now = new Date(command.issuedAt);
  const { rows } = await deps.db.query<{ hold_id: string }>(
    `select hold_id from ledger_holds where status = 'pending' and expires_at <= $1 order by expires_at, hold_id limit $2`,
    [now.toISOString(), EXPIRE_HOLDS_BATCH],
  );
  const expired: string[] = [];
  let position: Position | null = null;
  for (const { hold_id: holdId } of rows) {
    const found = await loadHold(deps.store, holdId);
    if (!found || found.hold.status !== 'pending' || new Date(found.hold.placed.expiresAt) > now) continue;
    const result = await resolveHold(deps, command, holdId, { kind: 'expired', at: now.toISOString() });
    if (result.outcome.status === 'succeeded') expired.push(holdId);
    position = result.position ?? position;
  }
  return answer(succeeded(command.commandId, { expired }), position);
}
