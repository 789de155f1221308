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

/** A room match's events in a batch, and its game. */
export interface BatchMatch {
  readonly module: RoomGameModule;
  readonly matchId: string;
  readonly stored: readonly StoredEvent[];
}

/** A match folded to a position: from the engine's commands, or as its row was stored. */
interface Folded {
  readonly state: unknown;
  readonly position: bigint;
}

/** A match the engine's commands hold folded at or past the batch's events of it: written from there, unread. */
function heldByCommands(match: BatchMatch, store: EventStore | undefined): Folded | null {
  const cached = store && matchStream(match.module).cached(store, match.matchId);
  const last = match.stored.at(-1);
  if (!last || !cached?.state || cached.globalPosition === null || cached.globalPosition < last.globalPosition) return null;
  return { state: cached.state, position: cached.globalPosition };
}

/**
 * The stored rows of the given matches, in one statement. A batch of many matches over at once (a burst of duels
 * ending, which the commands' cache no longer holds) used to read them one after another, each read a round trip
 * to this thread while the transaction held the embedded database's one connection.
 */
async function storedRows(sql: SqlExecutor, matchIds: readonly string[]): Promise<Map<string, Folded>> {
  if (matchIds.length === 0) return new Map();
  const { rows } = await sql.query<{ match_id: string; state: unknown; global_position: string }>(
    'select match_id, state, global_position::text as global_position from engine_duels where match_id = any($1::text[])',
    [matchIds],
  );
  return new Map(
    rows.map((row) => [row.match_id, { state: jsonState(row.state as object | string), position: BigInt(row.global_position) }]),
  );
}

/**
 * The batch's events after the row's position folded onto it: null when nothing in the batch is new, or the match's
 * start is not there to fold from.
 */
function foldOnto(match: BatchMatch, row: Folded | undefined): Folded | null {
  const { module } = match;
  const stream = matchStream(module);
  let position = row ? row.position : -1n;
  let state: unknown = row ? row.state : null;
  let changed = false;
  for (const event of match.stored) {
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

function rowOf(match: BatchMatch, { state, position }: Folded): GameRow {
  const clock = match.module.clockOf(state);
  return {
    match_id: match.matchId,
    room_code: match.module.roomCodeOf(state),
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
 * The rows a batch's matches change. A match the engine's commands hold folded at or past the batch is written from
 * there (with the fold's own position, so a later batch of events it already holds leaves the row alone); the others
 * are read back, all in one statement, and the batch's new events folded onto them.
 */
export async function gameRows(sql: SqlExecutor, matches: readonly BatchMatch[], store: EventStore | undefined): Promise<GameRow[]> {
  const held = matches.map((match) => heldByCommands(match, store));
  const stored = await storedRows(
    sql,
    matches.filter((_, i) => !held[i]).map((match) => match.matchId),
  );
  const rows: GameRow[] = [];
  matches.forEach((match, i) => {
    const folded = held[i] ?? foldOnto(match, stored.get(match.matchId));
    if (folded) rows.push(rowOf(match, folded));
  });
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
