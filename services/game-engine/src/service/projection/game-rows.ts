/**
 * Room matches in `engine_duels` (the name is historical: every room game's match has its row there), for any game
 * of the registry: its status and turn clock, which the sweeper times out, and once the match is over its folded
 * state as JSON. A match in play is written at every batch that moves it, so its row carries only the clock: the
 * state (a few KB a duel) tripled the cost of each row's write, and the projection holds the embedded database's one
 * connection while it writes, so every move's append waited behind it.
 */
import { pipeline, type EventStore, type SqlExecutor, type StoredEvent } from '@qal/events';
import type { GameEvent, RoomGameModule } from '../../games/module.ts';
import { matchStream } from '../room-match.ts';

/** A room game's engine_duels row, as written. */
interface GameRow {
  readonly match_id: string;
  readonly room_code: string;
  readonly status: string;
  readonly turn: number;
  readonly current_player: string | null;
  readonly turn_deadline: string | null;
  readonly turn_ms: number;
  /** The match's own clock; null for a game without one. */
  readonly match_deadline: string | null;
  /** The folded state once the match is no longer played; null while it is. */
  readonly state: unknown;
  readonly global_position: string;
}

/** A room match's events in a batch, and its game. */
export interface BatchMatch {
  readonly module: RoomGameModule;
  readonly matchId: string;
  readonly stored: readonly StoredEvent[];
}

/** A match folded to a position. */
interface Folded {
  readonly state: unknown;
  readonly position: bigint;
}

/** A match the engine's commands hold folded at or past the batch's events of it: written from there, unread. */
function heldByCommands(match: BatchMatch, store: EventStore): Folded | null {
  const cached = matchStream(match.module).cached(store, match.matchId);
  const last = match.stored.at(-1);
  if (!last || !cached?.state || cached.globalPosition === null || cached.globalPosition < last.globalPosition) return null;
  return { state: cached.state, position: cached.globalPosition };
}

/**
 * A match the commands do not hold (the engine restarted, or its cache let the match go): folded from its whole
 * stream, read through the batch's transaction where the store can (see EventStore.readStreamIn). Null when the
 * stream does not start with the match's start.
 */
async function foldedFromStream(sql: SqlExecutor, match: BatchMatch, store: EventStore): Promise<Folded | null> {
  const { module } = match;
  const stream = matchStream(module);
  const streamId = stream.streamId(match.matchId);
  const stored = store.readStreamIn ? await store.readStreamIn(sql, streamId) : await store.readStream(streamId);
  let state: unknown = null;
  let position = -1n;
  for (const event of stored) {
    const parsed: GameEvent | null = stream.parse(event);
    if (!parsed) continue;
    if (!state && parsed.type !== module.stream.startType) return null;
    state = state ? module.stream.evolve(state, parsed) : module.stream.fold([parsed]);
    position = event.globalPosition;
  }
  return state ? { state, position } : null;
}

function rowOf(match: BatchMatch, { state, position }: Folded): GameRow {
  const clock = match.module.clockOf(state);
  return {
    match_id: match.matchId,
    room_code: match.module.roomCodeOf(state),
    status: clock.status,
    turn: clock.turn,
    current_player: clock.currentPlayer,
    turn_deadline: clock.turnDeadline,
    turn_ms: clock.turnMs,
    match_deadline: clock.matchDeadline,
    state: clock.status === 'playing' ? null : state,
    global_position: position.toString(),
  };
}

/**
 * The rows a batch's matches change. A match the engine's commands hold folded at or past the batch is written from
 * there (with the fold's own position, so a later batch of events it already holds leaves the row alone); the others
 * are folded from their streams, one after another (only after a restart, or a match the cache let go).
 */
export async function gameRows(sql: SqlExecutor, matches: readonly BatchMatch[], store: EventStore): Promise<GameRow[]> {
  const rows: GameRow[] = [];
  for (const match of matches) {
    const folded = heldByCommands(match, store) ?? (await foldedFromStream(sql, match, store));
    if (folded) rows.push(rowOf(match, folded));
  }
  return rows;
}

/**
 * Every game row a batch changed, in one statement sent without waiting for it where the transaction can (on the
 * embedded worker thread a transaction holds the database across every round trip). A row already past its position
 * stays.
 */
export async function writeGameRows(sql: SqlExecutor, rows: readonly GameRow[]): Promise<void> {
  if (rows.length === 0) return;
  const write = pipeline(sql);
  write.query(
    `insert into engine_duels (match_id, room_code, status, turn, current_player, turn_deadline, turn_ms, match_deadline, state,
                               global_position)
     select r.match_id, r.room_code, r.status, r.turn, r.current_player, r.turn_deadline, r.turn_ms, r.match_deadline, r.state,
            r.global_position
       from jsonb_to_recordset($1::jsonb) as r(match_id text, room_code text, status text, turn integer, current_player text,
            turn_deadline timestamptz, turn_ms integer, match_deadline timestamptz, state jsonb, global_position bigint)
     on conflict (match_id) do update set status = excluded.status, turn = excluded.turn, current_player = excluded.current_player,
       turn_deadline = excluded.turn_deadline, turn_ms = excluded.turn_ms, match_deadline = excluded.match_deadline,
       state = excluded.state, global_position = excluded.global_position
       where engine_duels.global_position < excluded.global_position`,
    [JSON.stringify(rows)],
  );
  await write.done();
}
