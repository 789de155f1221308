/**
 * Rooms in `engine_rooms`, with their members, invitations and the players' history. Each row keeps the room's
 * folded state as JSON (the same evolve as the engine's), so a batch's events fold onto the row's state; an event at
 * or below the row's position was applied already and is skipped.
 */
import { pipeline, type SqlExecutor, type StoredEvent } from '@qal/events';
import { hasPendingMoney } from '../../rooms/ledger-steps.ts';
import { parseRoomEvent } from '../../rooms/events.ts';
import { netsOf } from '../../rooms/settlement.ts';
import { evolveRoom, type RoomState } from '../../rooms/state.ts';
import { createFoldedCache } from '../folded-cache.ts';
import { jsonState } from './json-state.ts';

/**
 * What a batch's room events leave to write: each room's last row, every invitation's last status, the history; and
 * the rooms folded from what the projection remembered, with the position each row must still be at.
 */
interface RoomWrites {
  readonly rooms: Map<string, { state: RoomState; position: string }>;
  readonly invitations: Map<string, InvitationRow>;
  readonly history: HistoryRow[];
  readonly assumed: { readonly code: string; readonly global_position: string }[];
}

interface InvitationRow {
  readonly invitation_id: string;
  readonly code: string;
  readonly invitee_id: string;
  readonly from_user_id: string;
  readonly match_id: string;
  readonly at: string;
  readonly status: string;
}

interface HistoryRow {
  readonly match_id: string;
  readonly user_id: string;
  readonly room_code: string;
  readonly room_name: string;
  readonly game: string;
  readonly finished_at: string;
  readonly result: string;
  readonly score: number;
  readonly tokens: number;
  readonly players: readonly { id: string; score: number }[];
}

/** The position a room row is at before a batch's events fold onto it; -1: no row yet. */
const NO_ROW = -1n;

/** A room's row as this process last wrote or read it. */
export interface RoomRow {
  readonly state: RoomState;
  readonly position: bigint;
}

/** Room rows kept by the projection: as many rooms as are played at once, and a few that came to rest. */
const ROOM_ROWS_KEPT = { inPlay: 2_000, atRest: 200 } as const;
const rowAtRest = (row: RoomRow) => (row.state.status === 'finished' || row.state.status === 'cancelled') && !hasPendingMoney(row.state);

/**
 * What the projection last wrote of each room, so that a batch of a subscription that is its subscriber's only
 * instance folds onto it without reading the row back (a read makes the embedded database's one connection wait for
 * this thread). Each entry is set when its batch is handled, before the commit: a batch that fails and comes again
 * finds entries at or past its own events, and reads those rows.
 */
export const createRoomRowCache = () => createFoldedCache<RoomRow>(ROOM_ROWS_KEPT, rowAtRest);
export type RoomRowCache = ReturnType<typeof createRoomRowCache>;

/**
 * Folds each room's events of the batch onto its row, then writes the rooms, their members, invitations and history
 * in one statement each, however many rooms and events the batch holds. The rows are read in one statement, but,
 * where the batch's subscription is its subscriber's only instance (`trusted`), for rooms `remembered` knows and
 * rooms the batch creates: a statement in the same transaction checks that those rows are where they were thought.
 */
export async function applyRoomEvents(
  sql: SqlExecutor,
  byRoom: ReadonlyMap<string, readonly StoredEvent[]>,
  remembered: { readonly rows: RoomRowCache; readonly trusted: boolean } | null = null,
): Promise<void> {
  if (byRoom.size === 0) return;
  const known = new Map<string, { state: RoomState | null; position: bigint }>();
  const toRead: string[] = [];
  for (const [code, events] of byRoom) {
    const first = events[0]!;
    const row = remembered?.trusted ? remembered.rows.get(code) : undefined;
    if (row && row.position < first.globalPosition) known.set(code, row);
    else if (remembered?.trusted && first.streamPosition === 1) known.set(code, { state: null, position: NO_ROW });
    else toRead.push(code);
  }
  const writes: RoomWrites = { rooms: new Map(), invitations: new Map(), history: [], assumed: [] };
  for (const [code, row] of known) writes.assumed.push({ code, global_position: row.position.toString() });
  for (const row of await readRows(sql, toRead))
    known.set(row.code, { state: jsonState(row.state), position: BigInt(row.global_position) });
  for (const [code, events] of byRoom) {
    const row = known.get(code);
    let position = row?.position ?? NO_ROW;
    let state: RoomState | null = row?.state ?? null;
    for (const event of events) {
      if (event.globalPosition <= position) continue;
      const parsed = parseRoomEvent(event);
      if (!parsed) continue;
      const next = evolveRoom(state, parsed);
      if (!next) continue;
      state = next;
      position = event.globalPosition;
      writes.rooms.set(code, { state, position: position.toString() });
      for (const invitation of state.invitations) writes.invitations.set(invitation.invitationId, invitationRow(code, invitation));
      if (parsed.type === 'MatchFinished') writes.history.push(...historyRows(state, parsed.data.matchId));
    }
    if (state) remembered?.rows.set(code, { state, position });
  }
  await writeRooms(sql, writes);
}

async function readRows(sql: SqlExecutor, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const { rows } = await sql.query<{ code: string; state: RoomState | string; global_position: string }>(
    'select code, state, global_position::text as global_position from engine_rooms where code = any($1::text[])',
    [codes],
  );
  return rows;
}

const invitationRow = (code: string, invitation: RoomState['invitations'][number]): InvitationRow => ({
  invitation_id: invitation.invitationId,
  code,
  invitee_id: invitation.inviteeId,
  from_user_id: invitation.fromUserId,
  match_id: invitation.matchId,
  at: invitation.at,
  status: invitation.status,
});

/** The batch's room writes in one pipeline (one round trip), in the order they must run. */
async function writeRooms(tx: SqlExecutor, writes: RoomWrites): Promise<void> {
  const sql = pipeline(tx);
  // Raises (and so rolls the batch back) if a row is not where the projection remembered it.
  if (writes.assumed.length > 0) sql.query('select engine_check_room_rows($1::jsonb)', [JSON.stringify(writes.assumed)]);
  const rooms = [...writes.rooms.entries()].map(([code, { state, position }]) => {
    const bet = state.bet;
    const betOpen = bet && bet.status === 'proposed' && Object.keys(bet.stakes).length === 0;
    return {
      code,
      status: state.status,
      private: state.passwordHash !== null,
      host_id: state.hostId,
      created_at: state.createdAt,
      bet_proposal_id: betOpen ? bet.proposalId : null,
      bet_expires_at: betOpen ? bet.expiresAt : null,
      money_pending: hasPendingMoney(state),
      last_event_at: state.lastEventAt,
      state,
      global_position: position,
    };
  });
  if (rooms.length > 0) {
    sql.query(
      `insert into engine_rooms (code, status, private, host_id, created_at, bet_proposal_id, bet_expires_at, money_pending, last_event_at, state, global_position)
       select r.code, r.status, r.private, r.host_id, r.created_at, r.bet_proposal_id, r.bet_expires_at, r.money_pending, r.last_event_at, r.state, r.global_position
         from jsonb_to_recordset($1::jsonb) as r(code text, status text, private boolean, host_id text, created_at timestamptz, bet_proposal_id text,
              bet_expires_at timestamptz, money_pending boolean, last_event_at timestamptz, state jsonb, global_position bigint)
       on conflict (code) do update set status = excluded.status, private = excluded.private, host_id = excluded.host_id,
         bet_proposal_id = excluded.bet_proposal_id, bet_expires_at = excluded.bet_expires_at, money_pending = excluded.money_pending,
         last_event_at = excluded.last_event_at, state = excluded.state, global_position = excluded.global_position`,
      [JSON.stringify(rooms)],
    );
    const members = [...writes.rooms.entries()].flatMap(([code, { state }]) =>
      state.players.map((player, seat) => ({
        code,
        user_id: player.id,
        status: player.status,
        online: player.online,
        offline_since: player.offlineSince,
        seat,
      })),
    );
    sql.query('delete from engine_room_members where code = any($1::text[])', [rooms.map((room) => room.code)]);
    if (members.length > 0) {
      sql.query(
        `insert into engine_room_members (code, user_id, status, online, offline_since, seat)
         select m.code, m.user_id, m.status, m.online, m.offline_since, m.seat
           from jsonb_to_recordset($1::jsonb) as m(code text, user_id text, status text, online boolean, offline_since timestamptz, seat integer)`,
        [JSON.stringify(members)],
      );
    }
  }
  if (writes.invitations.size > 0) {
    sql.query(
      `insert into engine_invitations (invitation_id, code, invitee_id, from_user_id, match_id, at, status)
       select i.invitation_id, i.code, i.invitee_id, i.from_user_id, i.match_id, i.at, i.status
         from jsonb_to_recordset($1::jsonb) as i(invitation_id text, code text, invitee_id text, from_user_id text, match_id text, at timestamptz, status text)
       on conflict (invitation_id) do update set status = excluded.status`,
      [JSON.stringify([...writes.invitations.values()])],
    );
  }
  if (writes.history.length > 0) {
    sql.query(
      `insert into engine_room_history (match_id, user_id, room_code, room_name, game, finished_at, result, score, tokens, players)
       select h.match_id, h.user_id, h.room_code, h.room_name, h.game, h.finished_at, h.result, h.score, h.tokens, h.players
         from jsonb_to_recordset($1::jsonb) as h(match_id text, user_id text, room_code text, room_name text, game text, finished_at timestamptz,
              result text, score integer, tokens integer, players jsonb)
       on conflict (match_id, user_id) do nothing`,
      [JSON.stringify(writes.history)],
    );
  }
  await sql.done();
}

/**
 * One history row per player of a finished match, with their net tokens as the match's settlement made them
 * (rooms/settlement.ts: their share of the prize − the fee, stake and penalty posted from them).
 */
function historyRows(state: RoomState, matchId: string): HistoryRow[] {
  const played = state.played[matchId];
  if (!played?.finishedAt) return [];
  const finishedAt = played.finishedAt;
  const players = played.players.map((id) => ({ id, score: played.scores[id] ?? 0 }));
  const nets = new Map(netsOf(state, matchId).map((n) => [n.userId, n.net]));
  return played.players.map((userId) => {
    const won = played.winners.includes(userId);
    const result = played.leavers.includes(userId) ? 'left' : won ? (played.winners.length > 1 ? 'tie' : 'won') : 'lost';
    return {
      match_id: matchId,
      user_id: userId,
      room_code: state.code,
      room_name: state.settings.roomName,
      game: state.settings.game,
      finished_at: finishedAt,
      result,
      score: played.scores[userId] ?? 0,
      tokens: nets.get(userId) ?? 0,
      players,
    };
  });
}
