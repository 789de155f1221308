/**
 * The engine's command handlers: the paid start (a small process manager around the ledger), moves, expiry, and
 * the settlements the sweeper finishes after a crash (abandoned starts refunded, rewards paid).
 *
 * The paid start, step by step, each step safe to repeat:
 * 1. HangmanRequested on `match-<id>` (the match is the player's, the server seed is drawn) together with a daily
 *    slot on `hangman-plays-<user>-<day>` and the player's next nonce on `fairness-<user>` (the arcade's fairness
 *    profile: one client seed and one nonce count for every game of chance), each appended at the version read, so
 *    the limit holds and no nonce is used twice even when starts race.
 * 2. The fee, as a ledger Transfer whose id is derived from the match: sent again, it moves nothing again.
 * 3. HangmanStarted, or HangmanRefused (+ the slot given back) when the ledger said no.
 * A retry of the command (same match) resumes at the step it reached. A start nobody resumes is abandoned by
 * the sweeper, whose refund makes any fee taken whole again.
 */
import {
  rejected,
  succeeded,
  uuidFrom,
  walletAccountId,
  type CommandEnvelope,
  type CommandOutcome,
  type GameEngineCommandPayload,
  type JsonObject,
  type Position,
  type StreamAppend,
} from '@qal/events';
import { ENGINE_ACTOR, HANGMAN_COST_TOKENS, HANGMAN_DAILY_PLAY_LIMIT, PLAY_REQUEST_STALE_MS } from '../config.ts';
import { commitmentOf, type FairnessSeeds } from '../fairness/fairness.ts';
import { newClientSeed } from '../fairness/server-seed.ts';
import { candidateWords, decide } from '../games/hangman/decider.ts';
import type { HangmanCommand, HangmanEvent } from '../games/hangman/messages.ts';
import { answer, feeRefusal, type HandlerResult } from './handler-result.ts';
import { NOT_STARTED } from '../games/hangman/state.ts';
import { addisDay } from './addis-day.ts';
import { loadFairness } from './arcade.ts';
import { FAIRNESS_STREAM_TYPE, fairnessStreamId } from './arcade-events.ts';
import { matchStreamId, MATCH_STREAM_TYPE, playsStreamId, PLAYS_STREAM_TYPE, type HangmanRequested, type MatchEvent } from './events.ts';
import { evolveMatch, hasStarted, viewOf, type MatchRecord } from './match.ts';
import {
  AGAIN,
  appendAll,
  eventsOf,
  loadDailyPlays,
  loadMatch,
  matchAppend,
  withRetries,
  type HandlerDeps,
  type LoadedMatch,
} from './shell.ts';

export const feeTransferId = (matchId: string) => uuidFrom('game-fee', matchId);
export const refundTransferId = (matchId: string) => uuidFrom('game-fee-refund', matchId);
export const rewardTransferId = (matchId: string) => uuidFrom('reward', matchId);

/** A command the engine sends the ledger on behalf of `cause`, with an id fixed by what it is for. */
export function ledgerCommand(
  cause: Pick<CommandEnvelope, 'issuedAt' | 'correlationId'>,
  commandId: string,
  payload: JsonObject,
): CommandEnvelope {
  return { commandId, type: 'Transfer', actorId: ENGINE_ACTOR, payload, issuedAt: cause.issuedAt, correlationId: cause.correlationId };
}

/** The system envelope of work the engine starts itself (sweeps, lazy expiry). */
export function systemCause(purpose: string, matchId: string, at: Date): CommandEnvelope {
  return {
    commandId: uuidFrom(purpose, matchId, at.toISOString()),
    type: purpose,
    actorId: ENGINE_ACTOR,
    payload: { matchId },
    issuedAt: at.toISOString(),
    correlationId: matchId,
  };
}

/** What a single-player game's fee is for: a match, its player and its price. */
export type PaidStart = Pick<HangmanRequested['data'], 'matchId' | 'playerId' | 'cost'>;

/** The start's fee, to the house; its transfer id is the match's, so sending it again moves nothing again. */
export function chargeFee(deps: HandlerDeps, cause: CommandEnvelope, request: PaidStart): Promise<CommandOutcome> {
  return deps.ledger.send(
    ledgerCommand(cause, uuidFrom('game-fee-command', request.matchId), {
      transferId: feeTransferId(request.matchId),
      from: walletAccountId(request.playerId),
      to: 'house',
      amount: request.cost,
      reason: 'game_fee',
      matchId: request.matchId,
    }),
  );
}

const releaseSlot = (cause: CommandEnvelope, request: HangmanRequested['data']): StreamAppend => {
  const streamId = playsStreamId(request.playerId, request.day);
  return {
    streamId,
    streamType: PLAYS_STREAM_TYPE,
    expectedVersion: 'any',
    events: eventsOf(cause, streamId, [{ type: 'PlaySlotReleased', data: { matchId: request.matchId } }]),
  };
};

/** An event the engine records once per match, whoever (a move, a sweep) gets there first. */
export function onceAppend(matchId: string, cause: CommandEnvelope, event: { type: string; data: object }): StreamAppend {
  return {
    streamId: matchStreamId(matchId),
    streamType: MATCH_STREAM_TYPE,
    expectedVersion: 'stream_exists',
    events: [
      {
        eventId: uuidFrom('engine-once', matchId, event.type),
        type: event.type,
        data: event.data as JsonObject,
        metadata: { correlationId: cause.correlationId, actorId: ENGINE_ACTOR },
      },
    ],
  };
}

const fold = (match: MatchRecord, events: readonly MatchEvent[]): MatchRecord =>
  events.reduce<MatchRecord>((m, e) => evolveMatch(m, e) ?? m, match);

// PlayHangman ------------------------------------------------------------------------------------------------------

export function playHangman(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'PlayHangman'>,
): Promise<HandlerResult> {
  const { matchId, userId } = payload;
  // Another game's id prefix names that game: a Hangman match by such an id could never be played.
  if (deps.games.roomGameOfMatch(matchId) || deps.games.arcadeOfMatch(matchId))
    return Promise.resolve(answer(rejected(command.commandId, 'invalid_command', { matchId })));
  return deps.locks.run([matchId], () =>
    withRetries(async () => {
      const loaded = await loadMatch(deps.store, matchId);
      if (loaded.match) return resumeStart(deps, command, loaded, userId);

      const probe = candidateWords({ language: payload.language, category: payload.category, difficulty: payload.difficulty });
      if (typeof probe === 'string') return answer(rejected(command.commandId, probe));
      const day = addisDay(command.issuedAt);
      const plays = await loadDailyPlays(deps.store, userId, day);
      if (plays.active.size >= HANGMAN_DAILY_PLAY_LIMIT) {
        return answer(rejected(command.commandId, 'daily_limit_reached', { limit: HANGMAN_DAILY_PLAY_LIMIT, day }));
      }
      const fairness = await loadFairness(deps.store, userId);
      const clientSeed = fairness.clientSeed ?? newClientSeed();
      const serverSeed = deps.newSeed();
      const requested: HangmanRequested = {
        type: 'HangmanRequested',
        data: {
          matchId,
          playerId: userId,
          language: probe.language,
          ...(payload.category ? { category: payload.category } : {}),
          ...(payload.difficulty ? { difficulty: payload.difficulty } : {}),
          serverSeed,
          commitment: commitmentOf(serverSeed),
          clientSeed,
          nonce: fairness.nextNonce,
          day,
          requestedAt: command.issuedAt,
          cost: HANGMAN_COST_TOKENS,
        },
      };
      const playsStream = playsStreamId(userId, day);
      const fairnessStream = fairnessStreamId(userId);
      await appendAll(deps.store, [
        matchAppend(matchId, 'no_stream', command, [requested]),
        {
          streamId: playsStream,
          streamType: PLAYS_STREAM_TYPE,
          expectedVersion: plays.version ?? 'no_stream',
          events: eventsOf(command, playsStream, [{ type: 'PlaySlotTaken', data: { matchId } }]),
        },
        {
          streamId: fairnessStream,
          streamType: FAIRNESS_STREAM_TYPE,
          expectedVersion: fairness.version ?? 'no_stream',
          events: eventsOf(command, fairnessStream, [
            ...(fairness.clientSeed === null ? [{ type: 'ClientSeedSet', data: { clientSeed, at: command.issuedAt } }] : []),
            { type: 'NonceTaken', data: { matchId, nonce: fairness.nextNonce } },
          ]),
        },
      ]);
      return resumeStart(deps, command, await loadMatch(deps.store, matchId), userId);
    }),
  );
}

async function resumeStart(
  deps: HandlerDeps,
  command: CommandEnvelope,
  loaded: LoadedMatch,
  userId: string,
): Promise<HandlerResult | typeof AGAIN> {
  const match = loaded.match!;
  if (match.playerId !== userId) return answer(rejected(command.commandId, 'not_your_match'));
  if (hasStarted(match)) return answer(succeeded(command.commandId, { matchId: match.matchId, view: viewOf(match) }));
  if (match.status === 'refused') return answer(rejected(command.commandId, match.refusal ?? 'insufficient_tokens'));
  if (match.status === 'abandoned') return answer(rejected(command.commandId, 'play_abandoned'));

  const { request } = match;
  const fairness = seedsOfRequest(request);
  // A start requested before Hangman drew from the fairness module and left half-done: it has no committed seed to
  // start from, so it is not started now; the sweeper calls it off and refunds any fee (abandonStaleStart).
  if (!fairness) return answer(rejected(command.commandId, 'play_abandoned'));
  const fee = await chargeFee(deps, command, request);
  if (fee.status === 'rejected') {
    const reason = feeRefusal(fee.reason);
    const refused: MatchEvent = { type: 'HangmanRefused', data: { reason, at: command.issuedAt } };
    const position = await appendAll(deps.store, [
      matchAppend(match.matchId, loaded.version!, command, [refused]),
      releaseSlot(command, request),
    ]);
    if (!position) return AGAIN;
    deps.logger.info({ matchId: match.matchId, reason }, 'hangman start refused');
    return answer(rejected(command.commandId, reason), position);
  }

  const start: HangmanCommand = {
    type: 'StartHangman',
    data: {
      matchId: match.matchId,
      playerId: match.playerId,
      language: request.language,
      ...(request.category ? { category: request.category } : {}),
      ...(request.difficulty ? { difficulty: request.difficulty } : {}),
      fairness,
      startedAt: command.issuedAt,
    },
  };
  const events = decide(start, NOT_STARTED);
  // The selection was checked before the request; if the word bank changed since, the sweeper refunds.
  if (typeof events === 'string') throw new Error(`match ${match.matchId} cannot start: ${events}`);
  const position = await appendAll(deps.store, [matchAppend(match.matchId, loaded.version!, command, events)]);
  if (!position) return AGAIN;
  const started = fold(match, events);
  deps.logger.info({ matchId: match.matchId, language: request.language }, 'hangman started');
  return answer(succeeded(command.commandId, { matchId: match.matchId, view: viewOf(started) }), position);
}

/** The seeds of the game a request starts; null for a request from before the fairness module. */
function seedsOfRequest(request: HangmanRequested['data']): FairnessSeeds | null {
  const { serverSeed, clientSeed, nonce } = request;
  return serverSeed !== undefined && clientSeed !== undefined && nonce !== undefined ? { serverSeed, clientSeed, nonce } : null;
}

// MakeMove ---------------------------------------------------------------------------------------------------------

export function makeMove(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'MakeMove'>,
): Promise<HandlerResult> {
  const { matchId, userId, move } = payload;
  return deps.locks.run([matchId], async () => {
    const result = await withRetries(async () => {
      const loaded = await loadMatch(deps.store, matchId);
      const match = loaded.match;
      if (!match || !hasStarted(match)) return { result: answer(rejected(command.commandId, 'match_not_found')), won: null };
      if (match.playerId !== userId) return { result: answer(rejected(command.commandId, 'not_your_match')), won: null };
      if (loaded.commandIds.has(command.commandId)) {
        return { result: answer(succeeded(command.commandId, { view: viewOf(match) })), won: null };
      }
      const core = deps.games.solo.moveCommand(move, matchId, userId, command.issuedAt) as HangmanCommand | string;
      if (typeof core === 'string') return { result: answer(rejected(command.commandId, core)), won: null };
      const events = decide(core, match.hangman);
      if (typeof events === 'string') return { result: answer(rejected(command.commandId, events)), won: null };
      const position = await appendAll(deps.store, [matchAppend(matchId, loaded.version!, command, events)]);
      if (!position) return AGAIN;
      const after = fold(match, events);
      const ended = after.hangman.status !== 'playing';
      return {
        result: answer(succeeded(command.commandId, { view: viewOf(after) }), position, ended),
        won: endedWon(events) ? after : null,
      };
    });
    if (result.won) await payReward(deps, command, result.won);
    return result.result;
  });
}

const endedWon = (events: readonly HangmanEvent[]) => events.some((e) => e.type === 'HangmanWon');

/**
 * Pays a won game's tokens from `issuance`, once: the transfer id is the match's, and HangmanRewardPaid records it
 * so the sweeper stops asking. A failure here is logged and left to the sweeper; the move itself stands.
 */
export async function payReward(deps: HandlerDeps, cause: CommandEnvelope, match: MatchRecord): Promise<void> {
  const { hangman } = match;
  if (hangman.status !== 'won' || !hangman.result || match.rewardPaid) return;
  await payMatchReward(
    deps,
    cause,
    { matchId: match.matchId, playerId: match.playerId, tokens: hangman.result.tokensWon },
    'HangmanRewardPaid',
  );
}

/**
 * A single-player game's reward, from `issuance`, once: the transfer id is the match's, and `paidType` (its game's
 * RewardPaid event) records it so the sweeper stops asking. A failure is logged and left to the sweeper.
 */
export async function payMatchReward(
  deps: HandlerDeps,
  cause: CommandEnvelope,
  reward: { readonly matchId: string; readonly playerId: string; readonly tokens: number },
  paidType: string,
): Promise<void> {
  const { matchId, playerId, tokens } = reward;
  if (tokens <= 0) return;
  const transferId = rewardTransferId(matchId);
  try {
    const outcome = await deps.ledger.send(
      ledgerCommand(cause, uuidFrom('reward-command', matchId), {
        transferId,
        from: 'issuance',
        to: walletAccountId(playerId),
        amount: tokens,
        reason: 'reward',
        matchId,
      }),
    );
    if (outcome.status === 'rejected') {
      deps.logger.error({ matchId, reason: outcome.reason }, 'reward refused by the ledger; the sweeper will retry');
      return;
    }
    await appendAll(deps.store, [onceAppend(matchId, cause, { type: paidType, data: { transferId, tokens, at: cause.issuedAt } })]);
  } catch (error) {
    deps.logger.error({ matchId, err: String(error) }, 'reward not paid yet; the sweeper will retry');
  }
}

// ExpireHangman ----------------------------------------------------------------------------------------------------

export function expireHangman(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'ExpireHangman'>,
): Promise<HandlerResult> {
  const { matchId } = payload;
  return deps.locks.run([matchId], () =>
    withRetries(async () => {
      const loaded = await loadMatch(deps.store, matchId);
      const match = loaded.match;
      if (!match || !hasStarted(match)) return answer(rejected(command.commandId, 'match_not_found'));
      if (match.hangman.status !== 'playing') return answer(succeeded(command.commandId, { view: viewOf(match) }));
      const events = decide({ type: 'ExpireHangman', data: { matchId, at: command.issuedAt } }, match.hangman);
      if (typeof events === 'string') return answer(rejected(command.commandId, events));
      const position = await appendAll(deps.store, [matchAppend(matchId, loaded.version!, command, events)]);
      if (!position) return AGAIN;
      return answer(succeeded(command.commandId, { view: viewOf(fold(match, events)) }), position);
    }),
  );
}

// Settlements the sweeper drives -----------------------------------------------------------------------------------

/** Calls off a start left half-done for too long (by event time), gives its daily slot back, then refunds. */
export async function abandonStaleStart(deps: HandlerDeps, matchId: string, now: Date): Promise<Position | null> {
  const cause = systemCause('AbandonHangmanStart', matchId, now);
  const position = await deps.locks.run([matchId], () =>
    withRetries(async () => {
      const loaded = await loadMatch(deps.store, matchId);
      const match = loaded.match;
      if (!match || match.status !== 'requested') return null;
      if (now.getTime() - Date.parse(match.request.requestedAt) < PLAY_REQUEST_STALE_MS) return null;
      const abandoned: MatchEvent = { type: 'HangmanAbandoned', data: { at: cause.issuedAt } };
      const appended = await appendAll(deps.store, [
        matchAppend(matchId, loaded.version!, cause, [abandoned]),
        releaseSlot(cause, match.request),
      ]);
      if (appended) deps.logger.info({ matchId }, 'stale hangman start abandoned');
      return appended ?? AGAIN;
    }),
  );
  const refunded = await refundAbandonedStart(deps, matchId, now);
  return refunded ?? position;
}

/**
 * Settles an abandoned start's fee. Whether the fee was taken is the ledger's to say, so the fee transfer is sent
 * again (the same id: a no-op if it was taken, the charge if not) and then refunded in full; when the wallet cannot
 * pay it there was nothing to give back.
 */
export async function refundAbandonedStart(deps: HandlerDeps, matchId: string, now: Date): Promise<Position | null> {
  const cause = systemCause('RefundHangmanFee', matchId, now);
  const { match } = await loadMatch(deps.store, matchId);
  if (!match || match.status !== 'abandoned' || match.feeRefunded) return null;
  return refundFee(deps, cause, match.request, 'HangmanFeeRefunded');
}

/**
 * Settles an abandoned start's fee, for any single-player game: whether the fee was taken is the ledger's to say, so
 * the fee transfer is sent again (the same id: a no-op if it was taken, the charge if not) and then refunded in full;
 * when the wallet cannot pay it there was nothing to give back. `refundedType` (the game's FeeRefunded event)
 * records the outcome once.
 */
export async function refundFee(
  deps: HandlerDeps,
  cause: CommandEnvelope,
  request: PaidStart,
  refundedType: string,
): Promise<Position | null> {
  const { matchId } = request;
  const fee = await chargeFee(deps, cause, request);
  if (fee.status === 'rejected') {
    return appendAll(deps.store, [
      onceAppend(matchId, cause, { type: refundedType, data: { transferId: null, amount: 0, at: cause.issuedAt } }),
    ]);
  }
  const transferId = refundTransferId(matchId);
  const refund = await deps.ledger.send(
    ledgerCommand(cause, uuidFrom('game-fee-refund-command', matchId), {
      transferId,
      from: 'house',
      to: walletAccountId(request.playerId),
      amount: request.cost,
      reason: 'refund',
      matchId,
    }),
  );
  if (refund.status === 'rejected') {
    deps.logger.error({ matchId, reason: refund.reason }, 'fee refund refused by the ledger; the sweeper will retry');
    return null;
  }
  return appendAll(deps.store, [
    onceAppend(matchId, cause, { type: refundedType, data: { transferId, amount: request.cost, at: cause.issuedAt } }),
  ]);
}

/** The sweeper's retry of a reward the move could not pay. */
export async function settleReward(deps: HandlerDeps, matchId: string, now: Date): Promise<void> {
  const { match } = await loadMatch(deps.store, matchId);
  if (match) await payReward(deps, systemCause('PayHangmanReward', matchId, now), match);
}
