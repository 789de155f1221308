/**
 * The engine's read model: single-player matches, room matches (any game of the registry) and rooms. Every
 * statement is idempotent, so a batch applied twice (a memory store has no shared transaction for the checkpoint)
 * changes nothing.
 */
import { allSettledOrThrow, type EventStore, type SqlExecutor, type StoredEvent } from '@qal/events';
import type { RoomGameModule } from '../../games/module.ts';
import type { GameRegistry } from '../../games/registry.ts';
import { ROOM_STREAM_PREFIX } from '../../rooms/events.ts';
import { groupBy } from '../group-by.ts';
import { gameRows, writeGameRows } from './game-rows.ts';
import { applyRoomEvents, createRoomRowCache } from './room-rows.ts';
import { applySoloEvents, isSoloMatchEvent } from './solo-rows.ts';
import { arcadeMatchOf, writeArcadeRows } from './arcade-rows.ts';

export { migrateEngine } from './migrations.ts';

export interface EngineProjection {
  /** The streams this read model is made of (the projection's `accepts`: a batch of none of them needs no transaction). */
  accepts(stored: Pick<StoredEvent, 'streamId'>): boolean;
  /**
   * Applies a batch of events (any context's) to the read model. `store`: the store the engine's commands load their
   * matches from; a match it holds folded at or past the batch is written from there, another is folded from its
   * stream. `onlyInstance`: the batch's subscription is its subscriber's only instance (`SubscriptionHandlerContext`),
   * so rooms fold onto the rows this projection remembers writing.
   */
  apply(sql: SqlExecutor, events: readonly StoredEvent[], store: EventStore, onlyInstance?: boolean): Promise<void>;
}

export function createEngineProjection(games: GameRegistry): EngineProjection {
  const roomGames = games.modules.filter((m): m is RoomGameModule => m.kind === 'room');
  /** A room match's stream names its match, whose id names its game (several games may share a prefix). */
  const gameOfStream = (streamId: string): RoomGameModule | null => {
    const module = roomGames.find(
      (m) => streamId.startsWith(m.stream.prefix) && games.roomGameOfMatch(streamId.slice(m.stream.prefix.length)) === m,
    );
    return module ?? null;
  };
  const isRoom = (stored: Pick<StoredEvent, 'streamId'>) => stored.streamId.startsWith(ROOM_STREAM_PREFIX);
  const roomRows = createRoomRowCache();
  return {
    accepts: (stored) => isRoom(stored) || isSoloMatchEvent(stored) || gameOfStream(stored.streamId) !== null,
    async apply(sql, events, store, onlyInstance = false) {
      // Rooms and room games are folded per stream and written a few statements per batch.
      const matches = groupBy(
        events.filter((stored) => gameOfStream(stored.streamId)),
        (stored) => stored.streamId,
      );
      const rooms = groupBy(events.filter(isRoom), (stored) => stored.streamId.slice(ROOM_STREAM_PREFIX.length));
      // Three parts that write tables of their own, sent side by side (the transaction runs their statements in the
      // order they arrive): fewer round trips while the batch holds the embedded database's one connection.
      const soloAndArcade = async () => {
        await applySoloEvents(sql, events.filter(isSoloMatchEvent));
        await writeArcadeRows(
          sql,
          games,
          groupBy(
            events.filter((stored) => arcadeMatchOf(games, stored)),
            (stored) => stored.streamId,
          ),
        );
      };
      const roomGames = async () => {
        const batch = [...matches].map(([streamId, stored]) => {
          const module = gameOfStream(streamId)!;
          return { module, matchId: streamId.slice(module.stream.prefix.length), stored };
        });
        await writeGameRows(sql, await gameRows(sql, batch, store));
      };
      await allSettledOrThrow([soloAndArcade(), roomGames(), applyRoomEvents(sql, rooms, { rows: roomRows, trusted: onlyInstance })]);
    },
  };
}
