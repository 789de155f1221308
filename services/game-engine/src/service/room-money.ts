/**
 * The ledger steps a room owes (rooms/ledger-steps.ts says which): holds placed, posted or voided, and the fees,
 * rake and payouts transferred, each answer recorded once in the room stream. Ids are fixed by the hold or the
 * transfer, so a repeat moves nothing twice.
 */
import { allSettledOrThrow, uuidFrom, type CommandEnvelope, type JsonObject, type Position } from '@qal/events';
import { ENGINE_ACTOR } from '../config.ts';
import { roomStreamId, ROOM_STREAM_TYPE, type HoldKind, type RoomEvent } from '../rooms/events.ts';
import { pendingLedgerSteps, type LedgerStep } from '../rooms/ledger-steps.ts';
import { feeRefusal, later } from './handler-result.ts';
import { loadRoom } from './room-store.ts';
import { appendAll, type HandlerDeps } from './shell.ts';

const MAX_LEDGER_PASSES = 8;

function ledgerEnvelope(
  cause: Pick<CommandEnvelope, 'issuedAt' | 'correlationId'>,
  type: string,
  commandId: string,
  payload: JsonObject,
): CommandEnvelope {
  return { commandId, type, actorId: ENGINE_ACTOR, payload, issuedAt: cause.issuedAt, correlationId: cause.correlationId };
}

/** Records one ledger answer in the room stream, once (the event id is the hold's or transfer's). */
async function record(deps: HandlerDeps, cause: CommandEnvelope, code: string, key: string, event: RoomEvent): Promise<Position | null> {
  return appendAll(deps.store, [
    {
      streamId: roomStreamId(code),
      streamType: ROOM_STREAM_TYPE,
      expectedVersion: 'stream_exists',
      events: [
        {
          eventId: uuidFrom('room-money', code, key, event.type),
          type: event.type,
          data: event.data as unknown as JsonObject,
          metadata: { correlationId: cause.correlationId, actorId: ENGINE_ACTOR },
        },
      ],
    },
  ]);
}

/** The ledger reason of each hold a room places, as the player's wallet history names it. */
const HOLD_REASONS: Readonly<Record<HoldKind, 'entry_fee' | 'penalty' | 'bet_stake'>> = {
  entry: 'entry_fee',
  penalty: 'penalty',
  stake: 'bet_stake',
};
const holdReason = (kind: HoldKind) => HOLD_REASONS[kind];

/** Carries out one step; false when the ledger refused a transfer (left for the sweeper). */
async function runStep(
  deps: HandlerDeps,
  cause: CommandEnvelope,
  code: string,
  step: LedgerStep,
): Promise<{ ok: boolean; position: Position | null }> {
  const at = cause.issuedAt;
  if (step.kind === 'place') {
    const { hold } = step;
    const outcome = await deps.ledger.send(
      ledgerEnvelope(cause, 'PlaceHold', uuidFrom('room-ledger', hold.holdId, 'place'), {
        holdId: hold.holdId,
        from: `wallet:${hold.userId}`,
        to: `escrow:${hold.matchId}`,
        amount: hold.amount,
        reason: holdReason(hold.kind),
        matchId: hold.matchId,
        expiresAt: hold.expiresAt,
      }),
    );
    if (outcome.status === 'succeeded')
      return {
        ok: true,
        position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldPlaced', data: { holdId: hold.holdId, at } }),
      };
    const reason = feeRefusal(outcome.reason);
    deps.logger.info({ code, holdId: hold.holdId, reason }, 'room hold refused');
    return {
      ok: true,
      position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldRefused', data: { holdId: hold.holdId, reason, at } }),
    };
  }
  if (step.kind === 'resolve') {
    const { hold, action } = step;
    const outcome = await deps.ledger.send(
      ledgerEnvelope(cause, action === 'post' ? 'PostHold' : 'VoidHold', uuidFrom('room-ledger', hold.holdId, action), {
        holdId: hold.holdId,
      }),
    );
    let status: 'posted' | 'voided' | 'expired' | null = null;
    if (outcome.status === 'succeeded') status = action === 'post' ? 'posted' : 'voided';
    else if (outcome.status === 'rejected' && outcome.reason === 'hold_already_resolved') {
      // Resolved by someone else: the ledger's expiry (a hold left past its time). Recorded as it is.
      const s = outcome.details?.status;
      status = s === 'posted' || s === 'voided' || s === 'expired' ? s : 'expired';
      if (status !== (action === 'post' ? 'posted' : 'voided'))
        deps.logger.error({ code, holdId: hold.holdId, action, status }, 'room hold was resolved otherwise');
    } else if (outcome.status === 'rejected' && outcome.reason === 'hold_not_found' && action === 'void') status = 'voided';
    if (!status) {
      deps.logger.error(
        { code, holdId: hold.holdId, action, reason: outcome.status === 'rejected' ? outcome.reason : null },
        'room hold not resolved; the sweeper will retry',
      );
      return { ok: false, position: null };
    }
    return {
      ok: true,
      position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldResolved', data: { holdId: hold.holdId, status, at } }),
    };
  }
  const { transfer } = step;
  const outcome = await deps.ledger.send(
    ledgerEnvelope(cause, 'Transfer', uuidFrom('room-ledger', transfer.transferId, 'transfer'), {
      transferId: transfer.transferId,
      from: transfer.from,
      to: transfer.to,
      amount: transfer.amount,
      reason: transfer.reason,
      matchId: transfer.matchId,
    }),
  );
  if (outcome.status === 'rejected') {
    deps.logger.error({ code, transferId: transfer.transferId, reason: outcome.reason }, 'room transfer refused; the sweeper will retry');
    return { ok: false, position: null };
  }
  return {
    ok: true,
    position: await record(deps, cause, code, transfer.transferId, {
      type: 'RoomTransferDone',
      data: { transferId: transfer.transferId, at },
    }),
  };
}

/**
 * Runs every ledger step the room owes until none is left (or the ledger refuses one: the sweeper retries later).
 * Call under the room's lock. A ledger that cannot be reached throws: the caller's retry resumes here.
 */
export async function settleRoomMoney(deps: HandlerDeps, cause: CommandEnvelope, code: string): Promise<Position | null> {
  let position: Position | null = null;
  for (let pass = 0; pass < MAX_LEDGER_PASSES; pass += 1) {
    const { state } = await loadRoom(deps.store, code);
    if (!state) return position;
    const steps = pendingLedgerSteps(state);
    if (steps.length === 0) return position;
    // A pass's steps are independent of each other (transfers out of an escrow wait for a later pass until its holds
    // are posted), and each is recorded at its own id: they go side by side, so a settlement waits for the ledger
    // once per pass rather than once per step.
    const results = await allSettledOrThrow(steps.map((step) => runStep(deps, cause, code, step)));
    let progressed = false;
    for (const result of results) {
      position = later(position, result.position);
      progressed ||= result.ok;
    }
    if (!progressed) return position;
  }
  return position;
}
