import { createKeyedLock, type SqlDatabase } from '@qal/events';
import type { Clock } from '../clock.ts';

/**
 * Whether a member follows a room on any gateway, not only this one: a player with sockets on two gateways is
 * present until the last of them goes, wherever it is. The hub counts this gateway's connections; this says
 * whether another gateway still has one when the last one here goes.
 */
export interface RoomPresence {
  /** The user's first connection on this gateway follows the room. */
  arrived(userId: string, code: string): Promise<void>;
  /** Their last connection on this gateway stopped following it: resolves true when another gateway still has one. */
  left(userId: string, code: string): Promise<boolean>;
  close(): Promise<void>;
}

/** One gateway (the embedded mode): its own connections are all there are. */
export const localRoomPresence: RoomPresence = {
  arrived: async () => undefined,
  left: async () => false,
  close: async () => undefined,
};

/** How often a gateway renews its rows, and looks for the rows of gateways that stopped renewing theirs. */
export const PRESENCE_RENEW_MS = 20_000;
/** A row not renewed for this long belongs to a gateway that is gone (killed, cut off): its followers are not there. */
export const PRESENCE_STALE_MS = 60_000;

/** What the app gives the presence it asks its platform for. */
export interface RoomPresenceHooks {
  readonly clock: Clock;
  /** A member whose only connections were on a gateway that is gone: they are no longer there. */
  readonly onGone: (userId: string, code: string) => void;
  readonly onError: (error: unknown) => void;
}
export type RoomPresenceFactory = (hooks: RoomPresenceHooks) => RoomPresence;

export interface SharedRoomPresenceDeps extends RoomPresenceHooks {
  /** The database every gateway shares (the identity schema: identity_room_presence). */
  readonly db: SqlDatabase;
  /** This gateway process: unique per start, so a restarted gateway never takes over the rows of its last life. */
  readonly gatewayId: string;
}

export interface SharedRoomPresence extends RoomPresence {
  /** Renews this gateway's rows and clears the stale rows of others (what the timer does every PRESENCE_RENEW_MS). */
  renew(): Promise<void>;
}

const keyOf = (userId: string, code: string) => `presence:${code}:${userId}`;

/**
 * Presence across gateways in one table: a row per member, room and gateway holding connections. Arriving and
 * leaving take an advisory lock on the member and room, so two gateways whose last connections go at the same
 * moment cannot each see the other's row and both stay silent; within this process a keyed lock keeps one
 * member's arrive and leave in order (they use different pool connections).
 */
export function createSharedRoomPresence(deps: SharedRoomPresenceDeps): SharedRoomPresence {
  const { db, gatewayId, clock } = deps;
  const local = createKeyedLock();
  const liveSince = () => new Date(clock().getTime() - PRESENCE_STALE_MS).toISOString();

  const renew = async () => {
    const now = clock().toISOString();
    await db.query(`update identity_room_presence set seen_at = $2 where gateway_id = $1`, [gatewayId, now]);
    const { rows } = await db.query<{ user_id: string; room_code: string }>(
      `delete from identity_room_presence where seen_at < $1 returning user_id, room_code`,
      [liveSince()],
    );
    for (const { user_id: userId, room_code: code } of rows) {
      const { rows: live } = await db.query(`select 1 from identity_room_presence where user_id = $1 and room_code = $2 limit 1`, [
        userId,
        code,
      ]);
      if (live.length === 0) deps.onGone(userId, code);
    }
  };
  const timer = setInterval(() => renew().catch((error: unknown) => deps.onError(error)), PRESENCE_RENEW_MS);
  timer.unref();

  return {
    arrived: (userId, code) =>
      local.run([keyOf(userId, code)], () =>
        db.transaction(async (tx) => {
          await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [keyOf(userId, code)]);
          await tx.query(
            `insert into identity_room_presence (user_id, room_code, gateway_id, seen_at) values ($1, $2, $3, $4)
             on conflict (user_id, room_code, gateway_id) do update set seen_at = excluded.seen_at`,
            [userId, code, gatewayId, clock().toISOString()],
          );
        }),
      ),
    left: (userId, code) =>
      local.run([keyOf(userId, code)], () =>
        db.transaction(async (tx) => {
          await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [keyOf(userId, code)]);
          await tx.query(`delete from identity_room_presence where user_id = $1 and room_code = $2 and gateway_id = $3`, [
            userId,
            code,
            gatewayId,
          ]);
          const { rows } = await tx.query(
            `select 1 from identity_room_presence where user_id = $1 and room_code = $2 and seen_at >= $3 limit 1`,
            [userId, code, liveSince()],
          );
          return rows.length > 0;
        }),
      ),
    renew,
    async close() {
      clearInterval(timer);
      // A gateway that stops cleanly closed its sockets first (each member's leaving ran); what is left goes too.
      await db.query(`delete from identity_room_presence where gateway_id = $1`, [gatewayId]).catch(() => undefined);
    },
  };
}
