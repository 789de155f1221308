/**
 * Room matches in `engine_duels` (the name is historical: every room game's match has its row there), for any game
 * of the registry: its status and turn clock (what the sweeper times out) and its folded state as JSON.
 */
import { pipeline, type EventStore, type SqlExecutor, type StoredEvent } from '@qal/events';
import type { GameEvent, RoomGameModule } from '../../games/module.ts';
import { matchStream } from '../room-match.ts';
import { jsonState } from './json-state.ts';

/** A room game's engine_duels row, as written. */
interface GameRow {
  readonly match_id: string;
  readonly room_code: string;
  readonly status: string;
  readonly turn: number;
  readonly current_player: string | null;
  readonly turn_deadline: string | null;
  /** The match's own clock; null for a game without one. */
  readonly match_deadline: string | null;
  readonly state: unknown;
  readonly global_position: string;
}

/**
 * A match's row as stored (its state and the position it is folded to), then the batch's events after that position
 * folded onto it: null when nothing in the batch is new, or the match's start is not there to fold from. A match the
 * engine's commands hold folded at or past the batch is taken from there, without reading its row first.
 */
async function foldGameRow(
  sql: SqlExecutor,
  module: RoomGameModule,
  matchId: string,
  stored: readonly StoredEvent[],
  store: EventStore | undefined,
): Promise<{ state: unknown; position: bigint } | null> {
  const stream = matchStream(module);
  const cached = store && stream.cached(store, matchId);
  const last = stored.at(-1);
  // Written with the fold's own position, so a later batch of events it already holds leaves the row alone.
  if (last && cached?.state && cached.globalPosition !== null && cached.globalPosition >= last.globalPosition) {
    return { state: cached.state, position: cached.globalPosition };
  }
  const { rows } = await sql.query<{ state: unknown; global_position: string }>(
    'select state, global_position::text as global_position from engine_duels where match_id = $1',
    [matchId],
  );
  const row = rows[0];
  let position = row ? BigInt(row.global_position) : -1n;
  let state: unknown = row ? jsonState(row.state as object | string) : null;
  let changed = false;
  for (const event of stored) {
    if (event.globalPosition <= position) continue;
    const parsed: GameEvent | null = stream.parse(event);
    if (!parsed) continue;
    if (!state && parsed.type !== module.stream.startType) continue;
    state = state ? module.stream.evolve(state, parsed) : module.stream.fold([parsed]);
    position = event.globalPosition;
    changed = true;
  }
  return changed && state ? { state, position } : null;
}

export async function gameRow(
  sql: SqlExecutor,
  module: RoomGameModule,
  matchId: string,
  stored: readonly StoredEvent[],
  store: EventStore | undefined,
): Promise<GameRow | null> {
  const folded = await foldGameRow(sql, module, matchId, stored, store);
  if (!folded) return null;
  const { state, position } = folded;
  const clock = module.clockOf(state);
  return {
    match_id: matchId,
    room_code: module.roomCodeOf(state),
    status: clock.status,
    turn: clock.turn,
    current_player: clock.currentPlayer,
    turn_deadline: clock.turnDeadline,
    match_deadline: clock.matchDeadline,
    state,
    global_position: position.toString(),
  };
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
    `insert into engine_duels (match_id, room_code, status, turn, current_player, turn_deadline, match_deadline, state, global_position)
     select r.match_id, r.room_code, r.status, r.turn, r.current_player, r.turn_deadline, r.match_deadline, r.state, r.global_position
       from jsonb_to_recordset($1::jsonb) as r(match_id text, room_code text, status text, turn integer, current_player text,
            turn_deadline timestamptz, match_deadline timestamptz, state jsonb, global_position bigint)
     on conflict (match_id) do update set status = excluded.status, turn = excluded.turn, current_player = excluded.current_player,
       turn_deadline = excluded.turn_deadline, match_deadline = excluded.match_deadline, state = excluded.state,
       global_position = excluded.global_position
       where engine_duels.global_position < excluded.global_position`,
    [JSON.stringify(rows)],
  );
  await write.done();
}
