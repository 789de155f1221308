/**
 * A room's stream (`room-<code>`) folded, and its appends. Rooms are their own aggregate: every room command and
 * every move of a room's match runs under the room's lock, so one room's work runs one at a time here.
 */
import type { CommandEnvelope, StreamAppend } from '@qal/events';
import { parseRoomEvent, roomStreamId, ROOM_STREAM_TYPE, type RoomEvent } from '../rooms/events.ts';
import { pendingLedgerSteps } from '../rooms/ledger-steps.ts';
import { evolveRoom, type RoomState } from '../rooms/state.ts';
import { commandIdOf } from './events.ts';
import { createFoldedCache, type FoldedCache } from './folded-cache.ts';
import { eventsOf, type HandlerDeps } from './shell.ts';

export interface LoadedRoom {
  readonly state: RoomState | null;
  readonly version: number | null;
  readonly commandIds: ReadonlySet<string>;
  /** Global position of the room stream's last event (room views are versioned by it); null when there is none. */
  readonly globalPosition: bigint | null;
  /** The command id that created the room (a retried create recognises its own room by it). */
  readonly createdBy: string | null;
}

/** Rooms in play (waiting or in progress) kept folded per store; the one folded longest ago goes first. */
const FOLDED_ROOMS_MAX = 2_000;
/**
 * Rooms at rest (finished or cancelled, their money settled) kept folded per store (folded-cache.ts): the last
 * views come within a second or two of the end, when rooms that started together end together; a rematch later
 * reads the store. About 5 kB each.
 */
export const FOLDED_RESTED_ROOMS_MAX = 1_000;
const foldedRooms = new WeakMap<HandlerDeps['store'], FoldedCache<LoadedRoom>>();
/**
 * A room is at rest once it is over and owes the ledger nothing: until its payouts are done, its settlement loads
 * it again after every step, and a room read again whole from the store costs the database a full stream read.
 */
const atRest = (loaded: LoadedRoom) =>
  (loaded.state?.status === 'finished' || loaded.state?.status === 'cancelled') && pendingLedgerSteps(loaded.state).length === 0;

/** How many rooms are kept folded for this store, in play and at rest: for tests. */
export const foldedRoomsHeld = (store: HandlerDeps['store']) => foldedRooms.get(store)?.held() ?? { inPlay: 0, atRest: 0 };

/**
 * The room folded from its stream. A load reads only what was appended since the last one for this store (a stream
 * only grows, and appends are at exact versions, so what was folded stays true): a room's commands and its match's
 * moves do not re-read and re-fold its whole history each time.
 */
export async function loadRoom(store: HandlerDeps['store'], code: string): Promise<LoadedRoom> {
  let cache = foldedRooms.get(store);
  if (!cache) foldedRooms.set(store, (cache = createFoldedCache({ inPlay: FOLDED_ROOMS_MAX, atRest: FOLDED_RESTED_ROOMS_MAX }, atRest)));
  const cached = cache.get(code);
  const stored = await store.readStream(roomStreamId(code), cached?.version ? { after: cached.version } : {});
  if (cached && stored.length === 0) return cached;
  let state = cached?.state ?? null;
  const commandIds = new Set(cached?.commandIds ?? []);
  let createdBy = cached?.createdBy ?? null;
  for (const event of stored) {
    const parsed = parseRoomEvent(event);
    if (parsed) state = evolveRoom(state, parsed);
    const commandId = commandIdOf(event);
    if (commandId) commandIds.add(commandId);
    if (parsed?.type === 'RoomCreated') createdBy = commandId;
  }
  const last = stored.at(-1);
  const loaded: LoadedRoom = {
    state,
    version: last?.streamPosition ?? cached?.version ?? null,
    commandIds,
    globalPosition: last?.globalPosition ?? cached?.globalPosition ?? null,
    createdBy,
  };
  if (loaded.version !== null) cache.set(code, loaded);
  return loaded;
}

/** What loadRoom folded last for this store and room, without reading the store (undefined when nothing is cached). */
export const cachedRoom = (store: HandlerDeps['store'], code: string): LoadedRoom | undefined => foldedRooms.get(store)?.get(code);

/** The version of a room's views (pushes, snapshots, answers): the global position of its stream's last event. */
export const roomVersionOf = (loaded: LoadedRoom): number => Number(loaded.globalPosition ?? 0n);

export const roomLockKey = (code: string) => `room:${code}`;

export const roomAppend = (
  code: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: Pick<CommandEnvelope, 'commandId' | 'correlationId' | 'actorId'>,
  events: readonly RoomEvent[],
): StreamAppend => ({
  streamId: roomStreamId(code),
  streamType: ROOM_STREAM_TYPE,
  expectedVersion,
  events: eventsOf(command, roomStreamId(code), events),
});

/**
 * A check, in another stream's append, that the room is still at the version a decision read: it appends nothing,
 * and the whole append is refused if another command moved the room meanwhile.
 */
export const roomVersionCheck = (code: string, version: number): StreamAppend => ({
  streamId: roomStreamId(code),
  streamType: ROOM_STREAM_TYPE,
  expectedVersion: version,
  events: [],
});

/** Folds extra events onto a state (what the room will be once an append lands). */
export const foldOnto = (state: RoomState, events: readonly RoomEvent[]): RoomState =>
  events.reduce<RoomState>((s, e) => evolveRoom(s, e) ?? s, state);
