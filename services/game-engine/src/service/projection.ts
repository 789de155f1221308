/**
 * The engine's read model: one row per match with what stats, the daily count and the sweeper need. It never
 * holds the word or the seed (those stay in the match stream). Every statement is idempotent, so a batch applied
 * twice (a memory store has no shared transaction for the checkpoint) changes nothing.
 */
import { migrate, type EventStore, type Migration, type SqlDatabase, type SqlExecutor, type StoredEvent } from '@qal/events';
import { GAME_RULES } from '../catalogue/games.ts';
import { MATCH_STREAM_PREFIX, parseMatchEvent } from './events.ts';
import { evolve as evolveDuel, fold as foldDuel, type DuelEvent, type DuelState } from '../games/hangman-duel/index.ts';
import { hasPendingMoney } from '../rooms/ledger-steps.ts';
import { parseRoomEvent, ROOM_STREAM_PREFIX } from '../rooms/events.ts';
import { evolveRoom, type RoomState } from '../rooms/state.ts';
import { groupBy } from './group-by.ts';
import { cachedDuel, DUEL_STREAM_PREFIX, parseDuelEvent } from './duel-match.ts';
import { cachedCrazy, CRAZY_STREAM_PREFIX, parseCrazyEvent } from './crazy-match.ts';
import { evolve as evolveCrazy, fold as foldCrazy, type CrazyEvent, type CrazyState } from '../games/crazy/index.ts';

export const ENGINE_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-engine-matches',
    sql: `
      create table if not exists engine_matches (
        match_id text primary key,
        player_id text not null,
        game text not null,
        game_category text not null,
        status text not null,
        language text not null,
        word_category text,
        difficulty text,
        day text not null,
        requested_at timestamptz not null,
        started_at timestamptz,
        deadline timestamptz,
        ended_at timestamptz,
        score integer not null default 0,
        tokens_won integer not null default 0,
        xp_won integer not null default 0,
        reward_paid boolean not null default false,
        fee_refunded boolean not null default false,
        global_position bigint not null
      );
      create index if not exists engine_matches_player on engine_matches (player_id, ended_at);
      create index if not exists engine_matches_player_day on engine_matches (player_id, day);
      create index if not exists engine_matches_open on engine_matches (status, deadline)
    `,
  },
  {
    id: '002-engine-rooms',
    sql: `
      create table if not exists engine_rooms (
        code text primary key,
        status text not null,
        private boolean not null,
        host_id text not null,
        created_at timestamptz not null,
        bet_proposal_id text,
        bet_expires_at timestamptz,
        money_pending boolean not null default false,
        last_event_at timestamptz not null,
        state jsonb not null,
        global_position bigint not null
      );
      create index if not exists engine_rooms_open on engine_rooms (status, private, created_at);
      create index if not exists engine_rooms_bets on engine_rooms (bet_expires_at) where bet_expires_at is not null;
      create index if not exists engine_rooms_money on engine_rooms (last_event_at) where money_pending;
      create table if not exists engine_room_members (
        code text not null,
        user_id text not null,
        status text not null,
        online boolean not null,
        offline_since timestamptz,
        seat integer not null,
        primary key (code, user_id)
      );
      create index if not exists engine_room_members_user on engine_room_members (user_id);
      create table if not exists engine_invitations (
        invitation_id text primary key,
        code text not null,
        invitee_id text not null,
        from_user_id text not null,
        match_id text not null,
        at timestamptz not null,
        status text not null
      );
      create index if not exists engine_invitations_invitee on engine_invitations (invitee_id, status);
      create table if not exists engine_duels (
        match_id text primary key,
        room_code text not null,
        status text not null,
        turn integer not null,
        current_player text,
        turn_deadline timestamptz,
        match_deadline timestamptz not null,
        state jsonb not null,
        global_position bigint not null
      );
      create index if not exists engine_duels_playing on engine_duels (status, turn_deadline);
      create table if not exists engine_room_history (
        match_id text not null,
        user_id text not null,
        room_code text not null,
        room_name text not null,
        game text not null,
        finished_at timestamptz not null,
        result text not null,
        score integer not null,
        tokens integer not null,
        players jsonb not null,
        primary key (match_id, user_id)
      );
      create index if not exists engine_room_history_user on engine_room_history (user_id, finished_at desc, match_id desc)
    `,
  },
  {
    // Crazy matches (issue 7) share engine_duels (the sweeper's turns): they have no match clock.
    id: '003-engine-crazy',
    sql: `alter table engine_duels alter column match_deadline drop not null`,
  },
];

export const migrateEngine = (db: SqlDatabase) => migrate(db, 'engine', ENGINE_MIGRATIONS);

/** Applies a batch of events (any context's; only match streams are read) to the read model. */
/** The streams this read model is made of (the projection's `accepts`: a batch of none of them needs no transaction). */
export const projectsEvent = (stored: Pick<StoredEvent, 'streamId'>): boolean =>
  [ROOM_STREAM_PREFIX, DUEL_STREAM_PREFIX, CRAZY_STREAM_PREFIX, MATCH_STREAM_PREFIX].some((prefix) => stored.streamId.startsWith(prefix));

/**
 * `store`: the store the engine's commands load their matches from. A match it holds folded at or past a batch is
 * written from there (the stream is the truth; the fold is what the stream says), without reading its row first.
 */
export async function applyToReadModel(sql: SqlExecutor, events: readonly StoredEvent[], store?: EventStore): Promise<void> {
  // Rooms and room games are folded per stream and written a few statements per batch (applyRoomEvents, writeGameRows).
  const isGame = (stored: StoredEvent) => stored.streamId.startsWith(DUEL_STREAM_PREFIX) || stored.streamId.startsWith(CRAZY_STREAM_PREFIX);
  const games = groupBy(events.filter(isGame), (stored) => stored.streamId);
  const rooms = groupBy(
    events.filter((stored) => stored.streamId.startsWith(ROOM_STREAM_PREFIX)),
    (stored) => stored.streamId.slice(ROOM_STREAM_PREFIX.length),
  );
  for (const stored of events) {
    if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) continue;
    const event = parseMatchEvent(stored);
    if (!event) continue;
    const matchId = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
    const position = stored.globalPosition.toString();
    switch (event.type) {
      case 'HangmanRequested': {
        const { playerId, language, day, requestedAt } = event.data;
        await sql.query(
          `insert into engine_matches (match_id, player_id, game, game_category, status, language, day, requested_at, global_position)
           values ($1, $2, 'hangman', $3, 'requested', $4, $5, $6, $7)
           on conflict (match_id) do nothing`,
          [matchId, playerId, GAME_RULES.hangman.category, language, day, requestedAt, position],
        );
        break;
      }
      case 'HangmanStarted': {
        const { category, difficulty, startedAt, deadline } = event.data;
        await update(sql, matchId, position, `status = 'playing', word_category = $3, difficulty = $4, started_at = $5, deadline = $6`, [
          category,
          difficulty,
          startedAt,
          deadline,
        ]);
        break;
      }
      case 'HangmanRefused':
        await update(sql, matchId, position, `status = 'refused'`, []);
        break;
      case 'HangmanAbandoned':
        await update(sql, matchId, position, `status = 'abandoned'`, []);
        break;
      case 'HangmanFeeRefunded':
        await update(sql, matchId, position, `fee_refunded = true`, []);
        break;
      case 'HangmanWon': {
        const { at, score, tokensWon, xpWon } = event.data;
        await update(
          sql,
          matchId,
          position,
          `status = 'won', ended_at = $3, score = $4, tokens_won = $5, xp_won = $6, reward_paid = reward_paid or $5 = 0`,
          [at, score, tokensWon, xpWon],
        );
        break;
      }
      case 'HangmanLost':
        await update(sql, matchId, position, `status = 'lost', ended_at = $3`, [event.data.at]);
        break;
      case 'HangmanRewardPaid':
        await update(sql, matchId, position, `reward_paid = true`, []);
        break;
      case 'LetterGuessed':
      case 'HintUsed':
        break;
    }
  }
  const rows: GameRow[] = [];
  for (const [streamId, gameEvents] of games) {
    const row = streamId.startsWith(DUEL_STREAM_PREFIX)
      ? await duelRow(sql, streamId.slice(DUEL_STREAM_PREFIX.length), gameEvents, store)
      : await crazyRow(sql, streamId.slice(CRAZY_STREAM_PREFIX.length), gameEvents, store);
    if (row) rows.push(row);
  }
  await writeGameRows(sql, rows);
  await applyRoomEvents(sql, rooms);
}

/** Applies an update once: a row already past this event (by global position) is left alone. */
async function update(sql: SqlExecutor, matchId: string, position: string, assignments: string, params: readonly unknown[]): Promise<void> {
  await sql.query(`update engine_matches set ${assignments}, global_position = $2 where match_id = $1 and global_position < $2`, [
    matchId,
    position,
    ...params,
  ]);
}

// Rooms and duels --------------------------------------------------------------------------------------------------
// Each row keeps the aggregate's folded state as JSON (the same evolve as the engine's), so the projection folds
// a batch's events onto the row's state; an event at or below the row's position was applied already and is skipped.

/** A jsonb column's value: an object, or its text where a driver hands it over unparsed. */
const jsonState = <S>(value: S | string): S => (typeof value === 'string' ? (JSON.parse(value) as S) : value);

/** What a batch's room events leave to write: each room's last row, every invitation's last status, the history. */
interface RoomWrites {
  readonly rooms: Map<string, { state: RoomState; position: string }>;
  readonly invitations: Map<string, InvitationRow>;
  readonly history: HistoryRow[];
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

/**
 * Folds each room's events of the batch onto its stored row (one read for every room), then writes the rooms, their
 * members, invitations and history in one statement each, however many rooms and events the batch holds.
 */
async function applyRoomEvents(sql: SqlExecutor, byRoom: ReadonlyMap<string, readonly StoredEvent[]>): Promise<void> {
  if (byRoom.size === 0) return;
  const { rows } = await sql.query<{ code: string; state: RoomState | string; global_position: string }>(
    'select code, state, global_position::text as global_position from engine_rooms where code = any($1::text[])',
    [[...byRoom.keys()]],
  );
  const stored = new Map(rows.map((row) => [row.code, row]));
  const writes: RoomWrites = { rooms: new Map(), invitations: new Map(), history: [] };
  for (const [code, events] of byRoom) {
    const row = stored.get(code);
    let position = row ? BigInt(row.global_position) : -1n;
    let state: RoomState | null = row ? jsonState(row.state) : null;
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
  }
  await writeRooms(sql, writes);
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

async function writeRooms(sql: SqlExecutor, writes: RoomWrites): Promise<void> {
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
    await sql.query(
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
    await sql.query('delete from engine_room_members where code = any($1::text[])', [rooms.map((room) => room.code)]);
    if (members.length > 0) {
      await sql.query(
        `insert into engine_room_members (code, user_id, status, online, offline_since, seat)
         select m.code, m.user_id, m.status, m.online, m.offline_since, m.seat
           from jsonb_to_recordset($1::jsonb) as m(code text, user_id text, status text, online boolean, offline_since timestamptz, seat integer)`,
        [JSON.stringify(members)],
      );
    }
  }
  if (writes.invitations.size > 0) {
    await sql.query(
      `insert into engine_invitations (invitation_id, code, invitee_id, from_user_id, match_id, at, status)
       select i.invitation_id, i.code, i.invitee_id, i.from_user_id, i.match_id, i.at, i.status
         from jsonb_to_recordset($1::jsonb) as i(invitation_id text, code text, invitee_id text, from_user_id text, match_id text, at timestamptz, status text)
       on conflict (invitation_id) do update set status = excluded.status`,
      [JSON.stringify([...writes.invitations.values()])],
    );
  }
  if (writes.history.length > 0) {
    await sql.query(
      `insert into engine_room_history (match_id, user_id, room_code, room_name, game, finished_at, result, score, tokens, players)
       select h.match_id, h.user_id, h.room_code, h.room_name, h.game, h.finished_at, h.result, h.score, h.tokens, h.players
         from jsonb_to_recordset($1::jsonb) as h(match_id text, user_id text, room_code text, room_name text, game text, finished_at timestamptz,
              result text, score integer, tokens integer, players jsonb)
       on conflict (match_id, user_id) do nothing`,
      [JSON.stringify(writes.history)],
    );
  }
}

/** One history row per player of a finished match, with their net tokens (payout − everything posted from them). */
function historyRows(state: RoomState, matchId: string): HistoryRow[] {
  const played = state.played[matchId];
  if (!played?.finishedAt) return [];
  const finishedAt = played.finishedAt;
  const players = played.players.map((id) => ({ id, score: played.scores[id] ?? 0 }));
  return played.players.map((userId) => {
    const paid = state.transfers
      .filter((t) => t.matchId === matchId && t.reason === 'payout' && t.userId === userId)
      .reduce((a, t) => a + t.amount, 0);
    const spent = state.holds
      .filter((h) => h.matchId === matchId && h.userId === userId && h.resolution === 'post')
      .reduce((a, h) => a + h.amount, 0);
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
      tokens: paid - spent,
      players,
    };
  });
}

/**
 * A match's row as stored (its state and the position it is folded to), then the batch's events after that position
 * folded onto it: null when nothing in the batch is new, or the match's start is not there to fold from.
 */
async function foldGameRow<E extends { readonly type: string }, S>(
  sql: SqlExecutor,
  matchId: string,
  stored: readonly StoredEvent[],
  game: { parse: (e: StoredEvent) => E | null; evolve: (state: S, event: E) => S; fold: (events: readonly E[]) => S; startType: string },
  cached: { readonly state: S | null; readonly globalPosition: bigint | null } | undefined,
): Promise<{ state: S; position: bigint } | null> {
  const last = stored.at(-1);
  // Written with the fold's own position, so a later batch of events it already holds leaves the row alone.
  if (last && cached?.state && cached.globalPosition !== null && cached.globalPosition >= last.globalPosition) {
    return { state: cached.state, position: cached.globalPosition };
  }
  const { rows } = await sql.query<{ state: S | string; global_position: string }>(
    'select state, global_position::text as global_position from engine_duels where match_id = $1',
    [matchId],
  );
  const row = rows[0];
  let position = row ? BigInt(row.global_position) : -1n;
  let state: S | null = row ? jsonState(row.state) : null;
  let changed = false;
  for (const event of stored) {
    if (event.globalPosition <= position) continue;
    const parsed = game.parse(event);
    if (!parsed) continue;
    if (!state && parsed.type !== game.startType) continue;
    state = state ? game.evolve(state, parsed) : game.fold([parsed]);
    position = event.globalPosition;
    changed = true;
  }
  return changed && state ? { state, position } : null;
}

/** A room game's engine_duels row, as written. */
interface GameRow {
  readonly match_id: string;
  readonly room_code: string;
  readonly status: string;
  readonly turn: number;
  readonly current_player: string | null;
  readonly turn_deadline: string | null;
  /** A duel's match clock; Crazy has none. */
  readonly match_deadline: string | null;
  readonly state: unknown;
  readonly global_position: string;
}

async function duelRow(sql: SqlExecutor, matchId: string, stored: readonly StoredEvent[], store?: EventStore): Promise<GameRow | null> {
  const game = { parse: parseDuelEvent, evolve: evolveDuel, fold: foldDuel, startType: 'DuelStarted' };
  const folded = await foldGameRow<DuelEvent, DuelState>(sql, matchId, stored, game, store && cachedDuel(store, matchId));
  if (!folded) return null;
  const { state, position } = folded;
  return {
    match_id: matchId,
    room_code: state.roomCode,
    status: state.status,
    turn: state.turn,
    current_player: state.currentPlayer,
    turn_deadline: state.turnDeadline,
    match_deadline: state.matchDeadline,
    state,
    global_position: position.toString(),
  };
}

/** A Crazy match's row in engine_duels (what the sweeper times out): `turn` is its turnNumber, no match deadline. */
async function crazyRow(sql: SqlExecutor, matchId: string, stored: readonly StoredEvent[], store?: EventStore): Promise<GameRow | null> {
  const game = { parse: parseCrazyEvent, evolve: evolveCrazy, fold: foldCrazy, startType: 'CrazyStarted' };
  const folded = await foldGameRow<CrazyEvent, CrazyState>(sql, matchId, stored, game, store && cachedCrazy(store, matchId));
  if (!folded) return null;
  const { state, position } = folded;
  return {
    match_id: matchId,
    room_code: state.roomCode,
    status: state.status,
    turn: state.turnNumber,
    current_player: state.currentPlayer,
    turn_deadline: state.turnDeadline,
    match_deadline: null,
    state,
    global_position: position.toString(),
  };
}

/**
 * Every game row a batch changed, in one statement (each statement is a round trip, and on the embedded worker
 * thread a transaction holds the database across every one of them). A row already past its position stays.
 */
async function writeGameRows(sql: SqlExecutor, rows: readonly GameRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(
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
}
