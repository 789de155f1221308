import { migrate, type Migration, type SqlDatabase } from '@qal/events';

/**
 * The gateway's own operational tables (identity is not event-sourced: codes and sessions are short-lived
 * secrets). What other services need is published as events (PlayerRegistered, ProfileChanged).
 * Times come from the gateway's clock as parameters, never from SQL now(), so tests can move time.
 */
export const IDENTITY_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-identity',
    sql: `
      create table identity_users (
        id uuid primary key,
        phone text not null unique,
        name text not null,
        username text,
        email text,
        avatar text,
        language text not null default 'en',
        created_at timestamptz not null,
        updated_at timestamptz not null,
        registration_published_at timestamptz
      );
      create unique index identity_users_username_key on identity_users (lower(username)) where username is not null;

      create table identity_otp_challenges (
        id uuid primary key,
        phone text not null,
        ip text not null,
        code_digest text not null,
        language text not null,
        status text not null default 'active' check (status in ('active', 'consumed', 'burned', 'superseded')),
        attempts integer not null default 0,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        resolved_at timestamptz
      );
      create index identity_otp_challenges_phone on identity_otp_challenges (phone, created_at desc);
      create index identity_otp_challenges_ip on identity_otp_challenges (ip, created_at desc);

      create table identity_sessions (
        token_hash text primary key,
        user_id uuid not null references identity_users (id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index identity_sessions_user on identity_sessions (user_id)
    `,
  },
  {
    id: '002-idempotency',
    sql: `
      create table identity_idempotency (
        id text primary key,
        status text not null check (status in ('pending', 'done')),
        status_code integer,
        iv text,
        body text,
        created_at timestamptz not null
      );
      create index identity_idempotency_created on identity_idempotency (created_at)
    `,
  },
  {
    // The sign-in a session descends from (refresh copies it), for the maximum age; older sessions count from their
    // own start. And the wrong codes each IP address sent, for the per-IP limit on verifies.
    id: '003-session-age-verify-failures',
    sql: `
      alter table identity_sessions add column signed_in_at timestamptz;
      update identity_sessions set signed_in_at = created_at;
      alter table identity_sessions alter column signed_in_at set not null;

      create table identity_otp_verify_failures (
        ip text not null,
        created_at timestamptz not null
      );
      create index identity_otp_verify_failures_ip on identity_otp_verify_failures (ip, created_at)
    `,
  },
  {
    // The wrong passwords tried on private rooms, for the limits per room and player and per IP address (the IP is
    // unknown for a join sent over the websocket).
    id: '004-room-password-failures',
    sql: `
      create table identity_room_password_failures (
        room_code text not null,
        user_id text not null,
        ip text,
        created_at timestamptz not null
      );
      create index identity_room_password_failures_room_user on identity_room_password_failures (room_code, user_id, created_at);
      create index identity_room_password_failures_ip on identity_room_password_failures (ip, created_at)
    `,
  },
  {
    // Which gateway holds connections of a member following a room, so presence counts them across gateways.
    id: '005-room-presence',
    sql: `
      create table identity_room_presence (
        user_id text not null,
        room_code text not null,
        gateway_id text not null,
        seen_at timestamptz not null,
        primary key (user_id, room_code, gateway_id)
      );
      create index identity_room_presence_gateway on identity_room_presence (gateway_id);
      create index identity_room_presence_seen on identity_room_presence (seen_at)
    `,
  },
];

export const migrateIdentity = (db: SqlDatabase) => migrate(db, 'identity', IDENTITY_MIGRATIONS);
