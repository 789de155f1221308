/** The engine's read-model tables (schema `engine` in the distributed mode), one migration per change. */
import { migrate, type Migration, type SqlDatabase } from '@qal/events';

/**
 * That each room row the engine projection remembers writing is still at the position it remembers (-1: no row);
 * QE409 otherwise. Each room is looked up by its key: as a join, the planner took the batch for a hundred rows and,
 * while engine_rooms held a few thousand, scanned all of them in every projection batch.
 */
const CHECK_ROOM_ROWS = `
      create or replace function engine_check_room_rows(expected jsonb) returns void
      language plpgsql as $fn$
      begin
        if exists (select 1 from jsonb_to_recordset(expected) as x(code text, global_position bigint)
                    where coalesce((select r.global_position from engine_rooms r where r.code = x.code), -1) <> x.global_position) then
          raise exception using errcode = 'QE409', message = 'a room row is not at the position the engine projection remembered';
        end if;
      end
      $fn$
`;

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
    // Crazy matches share engine_duels (the sweeper's turns): they have no match clock.
    id: '003-engine-crazy',
    sql: `alter table engine_duels alter column match_deadline drop not null`,
  },
  {
    // An arcade match's row keeps its folded record, so the projection folds each batch onto it without reading the
    // store (inside the projection's transaction the embedded store's one connection is taken).
    id: '004-engine-arcade-state',
    sql: `alter table engine_matches add column if not exists arcade jsonb`,
  },
  {
    // The projection folds a batch onto the room rows it remembers writing, without reading them back; this checks,
    // in the batch's transaction, that each row is still at the position it remembers (CHECK_ROOM_ROWS).
    id: '005-engine-check-room-rows',
    whole: true,
    sql: CHECK_ROOM_ROWS,
  },
  {
    // Stores made before: the same check with each room looked up by its key (CHECK_ROOM_ROWS).
    id: '006-engine-check-room-rows-by-key',
    whole: true,
    sql: CHECK_ROOM_ROWS,
  },
  {
    // A match in play keeps only its clock (with the turn's length, which the sweeper read from the state); its
    // folded state is written once it is over (game-rows.ts).
    id: '007-engine-duels-clock-only-in-play',
    sql: `
      alter table engine_duels add column if not exists turn_ms integer;
      alter table engine_duels alter column state drop not null;
      update engine_duels set turn_ms = (state->>'turnMs')::integer where turn_ms is null and state is not null;
      update engine_duels set state = null where status = 'playing'
    `,
  },
];

export const migrateEngine = (db: SqlDatabase) => migrate(db, 'engine', ENGINE_MIGRATIONS);
