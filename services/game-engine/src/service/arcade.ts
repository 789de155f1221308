/**
 * The arcade's handlers: every single-player game but Hangman runs through here, its rules in its module.
 *
 * The paid start, each step safe to repeat (as Hangman's, handlers.ts):
 * 1. ArcadeRequested on the match stream, in one append with a daily slot (`plays-<game>-<user>-<day>`) and the
 *    player's next nonce (`fairness-<user>`), each at the version read, so limits and nonces hold under races. The
 *    server seed is drawn here; only its commitment is ever shown before the end.
 * 2. The fee, a ledger transfer whose id is the match's.
 * 3. The game's start events, every chance drawn from the match's fair stream (and what the game remembers of the
 *    player's earlier games, on their memory stream); or ArcadeRefused and the slot given back.
 * A move steps the game; the move that ends it appends ArcadeFinished (the result, the seed revealed) with the
 * game's last events, then the reward is paid (the sweeper retries a failure).
 */
import {
  rejected,
  succeeded,
  type CommandEnvelope,
  type EventStore,
  type GameEngineCommandPayload,
  type Position,
  type StreamAppend,
} from '@qal/events';
import { PLAY_REQUEST_STALE_MS } from '../config.ts';
import { commitmentOf, fairRandom } from '../fairness/fairness.ts';
import { newClientSeed, newServerSeed } from '../fairness/server-seed.ts';
import type { ArcadeGameModule, GameEvent } from '../games/module.ts';
import { addisDay } from './addis-day.ts';
import {
  ARCADE_MEMORY_STREAM_TYPE,
  ARCADE_PLAYS_STREAM_TYPE,
  arcadeMemoryStreamId,
  arcadePlaysStreamId,
  FAIRNESS_STREAM_TYPE,
  fairnessStreamId,
  parseArcadeProcessEvent,
  parseFairnessEvent,
  type ArcadeRequested,
} from './arcade-events.ts';
import { arcadeViewOf, evolveArcade, type ArcadeRecord, type ArcadeStreamEvent } from './arcade-match.ts';
import { answer, feeRefusal, type HandlerResult } from './handler-result.ts';
import { chargeFee, payMatchReward, refundFee, systemCause } from './handlers.ts';
import { commandIdOf, matchStreamId } from './events.ts';
import { AGAIN, appendAll, eventsOf, loadPlays, matchAppend, withRetries, type HandlerDeps } from './shell.ts';

export interface LoadedArcade {
  readonly record: ArcadeRecord | null;
  readonly version: number | null;
  readonly commandIds: ReadonlySet<string>;
}

export async function loadArcade(store: EventStore, module: ArcadeGameModule, matchId: string): Promise<LoadedArcade> {
  const stored = await store.readStream(matchStreamId(matchId));
  let record: ArcadeRecord | null = null;
  const commandIds = new Set<string>();
  for (const event of stored) {
    const process = parseArcadeProcessEvent(event);
    let next: ArcadeStreamEvent | null = process ? { process } : null;
    if (!next) {
      const parsed = module.stream.events.safeParse({ type: event.type, data: event.data });
      if (!parsed.success) throw new Error(`stored ${event.type} of ${matchId} is not a ${module.id} event`);
      next = { game: parsed.data };
    }
    record = evolveArcade(module, record, next);
    const commandId = commandIdOf(event);
    if (commandId) commandIds.add(commandId);
  }
  return { record, version: stored.at(-1)?.streamPosition ?? null, commandIds };
}

export interface FairnessProfileState {
  readonly version: number | null;
  /** Null until the player's first game or their own choice. */
  readonly clientSeed: string | null;
  readonly nextNonce: number;
}

export async function loadFairness(store: EventStore, userId: string): Promise<FairnessProfileState> {
  const stored = await store.readStream(fairnessStreamId(userId));
  let clientSeed: string | null = null;
  let nextNonce = 0;
  for (const event of stored) {
    const parsed = parseFairnessEvent(event);
    if (parsed?.type === 'ClientSeedSet') clientSeed = parsed.data.clientSeed;
    if (parsed?.type === 'NonceTaken') nextNonce = Math.max(nextNonce, parsed.data.nonce + 1);
  }
  return { version: stored.at(-1)?.streamPosition ?? null, clientSeed, nextNonce };
}

const fairnessAppend = (
  command: CommandEnvelope,
  userId: string,
  version: number | null,
  events: { type: string; data: object }[],
): StreamAppend => ({
  streamId: fairnessStreamId(userId),
  streamType: FAIRNESS_STREAM_TYPE,
  expectedVersion: version ?? 'no_stream',
  events: eventsOf(command, fairnessStreamId(userId), events),
});

const slotAppend = (
  cause: CommandEnvelope,
  request: ArcadeRequested['data'],
  type: 'PlaySlotTaken' | 'PlaySlotReleased',
  version: number | null | 'any',
): StreamAppend => {
  const streamId = arcadePlaysStreamId(request.game, request.playerId, request.day);
  return {
    streamId,
    streamType: ARCADE_PLAYS_STREAM_TYPE,
    expectedVersion: version === 'any' ? 'any' : (version ?? 'no_stream'),
    events: eventsOf(cause, streamId, [{ type, data: { matchId: request.matchId } }]),
  };
};

const reject = (command: CommandEnvelope, reason: string, details?: Record<string, unknown>) =>
  answer(rejected(command.commandId, reason, details));
const viewAnswer = (module: ArcadeGameModule, record: ArcadeRecord, command: CommandEnvelope) =>
  arcadeViewOf(module, record, command.issuedAt);

// PlayArcade -------------------------------------------------------------------------------------------------------

export function playArcade(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'PlayArcade'>,
): Promise<HandlerResult> {
  const { matchId, userId } = payload;
  const module = deps.games.arcade(payload.game);
  if (!module) return Promise.resolve(reject(command, 'game_not_playable'));
  if (deps.games.arcadeOfMatch(matchId) !== module) return Promise.resolve(reject(command, 'invalid_command', { matchId }));
  return deps.locks.run([matchId], () =>
    withRetries(async () => {
      const loaded = await loadArcade(deps.store, module, matchId);
      if (loaded.record) return resumeStart(deps, module, command, loaded, userId);
      const options = module.parseOptions(payload.options);
      if (typeof options === 'string') return reject(command, 'invalid_game_options', { field: options });
      const day = addisDay(command.issuedAt);
      const plays = await loadPlays(deps.store, arcadePlaysStreamId(module.id, userId, day));
      if (plays.active.size >= module.dailyPlayLimit) return reject(command, 'daily_limit_reached', { limit: module.dailyPlayLimit, day });
      const fairness = await loadFairness(deps.store, userId);
      const clientSeed = fairness.clientSeed ?? newClientSeed();
      const serverSeed = (deps.newServerSeed ?? newServerSeed)();
      const request: ArcadeRequested['data'] = {
        matchId,
        playerId: userId,
        game: module.id,
        options: payload.options,
        serverSeed,
        commitment: commitmentOf(serverSeed),
        clientSeed,
        nonce: fairness.nextNonce,
        day,
        requestedAt: command.issuedAt,
        cost: module.costTokens,
      };
      const fairnessEvents = [
        ...(fairness.clientSeed === null ? [{ type: 'ClientSeedSet', data: { clientSeed, at: command.issuedAt } }] : []),
        { type: 'NonceTaken', data: { matchId, nonce: request.nonce } },
      ];
      await appendAll(deps.store, [
        matchAppend(matchId, 'no_stream', command, [{ type: 'ArcadeRequested', data: request }]),
        slotAppend(command, request, 'PlaySlotTaken', plays.version),
        fairnessAppend(command, userId, fairness.version, fairnessEvents),
      ]);
      return resumeStart(deps, module, command, await loadArcade(deps.store, module, matchId), userId);
    }),
  );
}

async function resumeStart(
  deps: HandlerDeps,
  module: ArcadeGameModule,
  command: CommandEnvelope,
  loaded: LoadedArcade,
  userId: string,
): Promise<HandlerResult | typeof AGAIN> {
  const record = loaded.record!;
  if (record.playerId !== userId) return reject(command, 'not_your_match');
  if (record.status === 'playing' || record.status === 'over') {
    return answer(succeeded(command.commandId, { matchId: record.matchId, view: viewAnswer(module, record, command) }));
  }
  if (record.status === 'refused') return reject(command, record.refusal ?? 'insufficient_tokens');
  if (record.status === 'abandoned') return reject(command, 'play_abandoned');

  const { request } = record;
  const fee = await chargeFee(deps, command, request);
  if (fee.status === 'rejected') {
    const reason = feeRefusal(fee.reason);
    const position = await appendAll(deps.store, [
      matchAppend(record.matchId, loaded.version!, command, [{ type: 'ArcadeRefused', data: { reason, at: command.issuedAt } }]),
      slotAppend(command, request, 'PlaySlotReleased', 'any'),
    ]);
    if (!position) return AGAIN;
    return answer(rejected(command.commandId, reason), position);
  }

  const options = module.parseOptions(request.options);
  // The options were checked before the request; a game whose rules changed since is refunded by the sweeper.
  if (typeof options === 'string') throw new Error(`match ${record.matchId} cannot start: ${options}`);
  const memory = module.memory ? await loadMemory(deps.store, module, userId) : { value: null, version: null };
  const events = module.start({
    matchId: record.matchId,
    playerId: userId,
    startedAt: command.issuedAt,
    options,
    random: fairRandom({ serverSeed: request.serverSeed, clientSeed: request.clientSeed, nonce: request.nonce }),
    memory: memory.value,
  });
  const kept = module.memory ? events.filter((event) => module.memory!.keeps(event)) : [];
  const memoryStream = arcadeMemoryStreamId(module.id, userId);
  const position = await appendAll(deps.store, [
    matchAppend(record.matchId, loaded.version!, command, events),
    ...(kept.length > 0
      ? [
          {
            streamId: memoryStream,
            streamType: ARCADE_MEMORY_STREAM_TYPE,
            expectedVersion: memory.version ?? ('no_stream' as const),
            events: eventsOf(command, memoryStream, kept),
          },
        ]
      : []),
  ]);
  if (!position) return AGAIN;
  const started = events.reduce<ArcadeRecord | null>((r, game) => evolveArcade(module, r, { game }), record)!;
  deps.logger.info({ matchId: record.matchId, game: module.id }, 'arcade game started');
  return answer(succeeded(command.commandId, { matchId: record.matchId, view: viewAnswer(module, started, command) }), position);
}

async function loadMemory(
  store: EventStore,
  module: ArcadeGameModule,
  userId: string,
): Promise<{ value: unknown; version: number | null }> {
  const memory = module.memory!;
  const stored = await store.readStream(arcadeMemoryStreamId(module.id, userId));
  let value = memory.initial;
  for (const event of stored) {
    const parsed = module.stream.events.safeParse({ type: event.type, data: event.data });
    if (parsed.success) value = memory.evolve(value, parsed.data);
  }
  return { value, version: stored.at(-1)?.streamPosition ?? null };
}

// Moves and time ---------------------------------------------------------------------------------------------------

/** The events of every deadline of the game that passed by `at`, in order, and the state after them. */
function expireUntil(module: ArcadeGameModule, state: unknown, at: string): { events: GameEvent[]; state: unknown } {
  const events: GameEvent[] = [];
  let deadline = module.deadlineOf(state);
  while (deadline !== null && Date.parse(deadline) <= Date.parse(at)) {
    const step = module.step(module.expireCommand(deadline), state);
    if (typeof step === 'string' || step.events.length === 0) break;
    events.push(...step.events);
    state = step.state;
    const next = module.deadlineOf(state);
    // A game whose expiry left its deadline where it was would loop here: its rules owe a later deadline or an end.
    if (module.resultOf(state) || next === deadline) break;
    deadline = next;
  }
  return { events, state };
}

/** The game's events, and ArcadeFinished when they end it. */
function withFinish(module: ArcadeGameModule, record: ArcadeRecord, events: GameEvent[], state: unknown): { type: string; data: object }[] {
  const result = module.resultOf(state);
  if (!result || record.finished) return events;
  const { won, score, tokens, xp, finishedAt } = result;
  const data = {
    game: module.id,
    playerId: record.playerId,
    won,
    score,
    tokens,
    xp,
    at: finishedAt,
    serverSeed: record.request.serverSeed,
  };
  return [...events, { type: 'ArcadeFinished', data }];
}

interface Stepped {
  readonly result: HandlerResult | typeof AGAIN;
  readonly record: ArcadeRecord | null;
}

/** Appends a step's events to the match; the record after them (null when nothing was appended). */
async function appendStep(
  deps: HandlerDeps,
  module: ArcadeGameModule,
  command: CommandEnvelope,
  loaded: LoadedArcade,
  events: { type: string; data: object }[],
): Promise<{ position: Position | null; record: ArcadeRecord } | typeof AGAIN> {
  const record = loaded.record!;
  if (events.length === 0) return { position: null, record };
  const position = await appendAll(deps.store, [matchAppend(record.matchId, loaded.version!, command, events)]);
  if (!position) return AGAIN;
  const after = events.reduce<ArcadeRecord>((r, event) => {
    const process = parseArcadeProcessEvent(event as Parameters<typeof parseArcadeProcessEvent>[0]);
    return evolveArcade(module, r, process ? { process } : { game: event as GameEvent })!;
  }, record);
  return { position, record: after };
}

export function arcadeMove(
  deps: HandlerDeps,
  module: ArcadeGameModule,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'MakeMove'>,
): Promise<HandlerResult> {
  const { matchId, userId, move } = payload;
  return deps.locks.run([matchId], async () => {
    const stepped = await withRetries<Stepped>(async () => {
      const loaded = await loadArcade(deps.store, module, matchId);
      const record = loaded.record;
      if (!record || record.state === null) return { result: reject(command, 'match_not_found'), record: null };
      if (record.playerId !== userId) return { result: reject(command, 'not_your_match'), record: null };
      if (loaded.commandIds.has(command.commandId))
        return { result: answer(succeeded(command.commandId, { view: viewAnswer(module, record, command) })), record: null };
      if (record.status === 'over') return { result: reject(command, 'game_over'), record: null };
      const at = command.issuedAt;
      const expired = expireUntil(module, record.state, at);
      const core = module.resultOf(expired.state) ? 'game_over' : module.moveCommand(move, userId, at);
      const step = typeof core === 'string' ? core : module.step(core, expired.state);
      if (typeof step === 'string') {
        // The move is refused; the deadlines it found passed are still recorded, so the player sees where time left them.
        // They are recorded as the engine's expiry, not under the move's id: a refused move leaves no trace, so its
        // repeat (the same Idempotency-Key after a lost answer) is refused again, not answered as a move played.
        const expiry = systemCause('ExpireArcade', matchId, new Date(at));
        const appended = await appendStep(deps, module, expiry, loaded, withFinish(module, record, expired.events, expired.state));
        if (appended === AGAIN) return AGAIN;
        return { result: answer(rejected(command.commandId, step), appended.position), record: appended.record };
      }
      const events = withFinish(module, record, [...expired.events, ...step.events], step.state);
      const appended = await appendStep(deps, module, command, loaded, events);
      if (appended === AGAIN) return AGAIN;
      const over = appended.record.status === 'over';
      return {
        result: answer(succeeded(command.commandId, { view: viewAnswer(module, appended.record, command) }), appended.position, over),
        record: appended.record,
      };
    });
    if (stepped.record?.finished && !stepped.record.rewardPaid) await payArcadeReward(deps, command, stepped.record);
    return stepped.result as HandlerResult;
  });
}

/** A deadline of the game passed (the sweeper sends this at the deadline); an early one changes nothing. */
export function expireArcade(
  deps: HandlerDeps,
  module: ArcadeGameModule,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'ExpireArcade'>,
): Promise<HandlerResult> {
  const { matchId } = payload;
  return deps.locks.run([matchId], async () => {
    const stepped = await withRetries<Stepped>(async () => {
      const loaded = await loadArcade(deps.store, module, matchId);
      const record = loaded.record;
      if (!record || record.state === null) return { result: reject(command, 'match_not_found'), record: null };
      if (record.status === 'over')
        return { result: answer(succeeded(command.commandId, { view: viewAnswer(module, record, command) })), record };
      const expired = expireUntil(module, record.state, command.issuedAt);
      if (expired.events.length === 0) return { result: reject(command, 'deadline_not_reached'), record: null };
      const appended = await appendStep(deps, module, command, loaded, withFinish(module, record, expired.events, expired.state));
      if (appended === AGAIN) return AGAIN;
      return {
        result: answer(succeeded(command.commandId, { view: viewAnswer(module, appended.record, command) }), appended.position),
        record: appended.record,
      };
    });
    if (stepped.record?.finished && !stepped.record.rewardPaid) await payArcadeReward(deps, command, stepped.record);
    return stepped.result as HandlerResult;
  });
}

// Settlement -------------------------------------------------------------------------------------------------------

/** Pays a finished game's tokens from issuance, once (the transfer id is the match's); failures are the sweeper's. */
export async function payArcadeReward(deps: HandlerDeps, cause: CommandEnvelope, record: ArcadeRecord): Promise<void> {
  if (!record.finished || record.rewardPaid) return;
  await payMatchReward(
    deps,
    cause,
    { matchId: record.matchId, playerId: record.playerId, tokens: record.finished.tokens },
    'ArcadeRewardPaid',
  );
}

/** The player's client seed (set now if they never had one) and their next nonce. */
export function setClientSeed(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'SetClientSeed'>,
): Promise<HandlerResult> {
  const { userId, clientSeed } = payload;
  return deps.locks.run([fairnessStreamId(userId)], () =>
    withRetries(async () => {
      const fairness = await loadFairness(deps.store, userId);
      if (fairness.clientSeed === clientSeed) return answer(succeeded(command.commandId, { clientSeed, nextNonce: fairness.nextNonce }));
      const position = await appendAll(deps.store, [
        fairnessAppend(command, userId, fairness.version, [{ type: 'ClientSeedSet', data: { clientSeed, at: command.issuedAt } }]),
      ]);
      return answer(succeeded(command.commandId, { clientSeed, nextNonce: fairness.nextNonce }), position, false);
    }),
  );
}

// What the sweeper finishes ----------------------------------------------------------------------------------------

/** Calls off a start left half-done for too long, gives its slot back, then settles its fee. */
export async function abandonStaleArcadeStart(deps: HandlerDeps, module: ArcadeGameModule, matchId: string, now: Date): Promise<void> {
  const cause = systemCause('AbandonArcadeStart', matchId, now);
  await deps.locks.run([matchId], () =>
    withRetries(async () => {
      const loaded = await loadArcade(deps.store, module, matchId);
      const record = loaded.record;
      if (!record || record.status !== 'requested') return null;
      if (now.getTime() - Date.parse(record.request.requestedAt) < PLAY_REQUEST_STALE_MS) return null;
      const appended = await appendAll(deps.store, [
        matchAppend(matchId, loaded.version!, cause, [{ type: 'ArcadeAbandoned', data: { at: cause.issuedAt } }]),
        slotAppend(cause, record.request, 'PlaySlotReleased', 'any'),
      ]);
      return appended ?? AGAIN;
    }),
  );
  await refundAbandonedArcadeStart(deps, module, matchId, now);
}

/** An abandoned start's fee, settled as Hangman's is (handlers.ts refundFee). */
export async function refundAbandonedArcadeStart(deps: HandlerDeps, module: ArcadeGameModule, matchId: string, now: Date): Promise<void> {
  const { record } = await loadArcade(deps.store, module, matchId);
  if (!record || record.status !== 'abandoned' || record.feeRefunded) return;
  await refundFee(deps, systemCause('RefundArcadeFee', matchId, now), record.request, 'ArcadeFeeRefunded');
}

/** The sweeper's retry of a reward the finishing move could not pay. */
export async function settleArcadeReward(deps: HandlerDeps, module: ArcadeGameModule, matchId: string, now: Date): Promise<void> {
  const { record } = await loadArcade(deps.store, module, matchId);
  if (record?.finished) await payArcadeReward(deps, systemCause('PayArcadeReward', matchId, now), record);
}
