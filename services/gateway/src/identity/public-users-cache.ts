import type { StoredEvent } from '@qal/events';
import type { PublicUser } from './users.ts';

/** Players whose public names and pictures are remembered (the ones looked up longest ago are forgotten first). */
export const PUBLIC_USERS_REMEMBERED_MAX = 20_000;
/**
 * How long a remembered name counts without news of a change. A change is forgotten at once where it is made and
 * where its ProfileChanged event arrives; this bounds what a lost event (a crash between the row and the event)
 * leaves stale.
 */
export const PUBLIC_USER_TTL_MS = 60_000;

type Find = (ids: readonly string[]) => Promise<Map<string, PublicUser>>;

/**
 * Players' public names and pictures, remembered: a room view names its players on every push, and they rarely
 * change. Only users found are remembered (an id that is not yet a user is asked again).
 */
export function rememberPublicUsers(
  find: Find,
  now: () => number = Date.now,
  limits = { max: PUBLIC_USERS_REMEMBERED_MAX, ttlMs: PUBLIC_USER_TTL_MS },
) {
  const known = new Map<string, { readonly user: PublicUser; readonly at: number }>();
  // A lookup that began before a change may answer with the old row: what it finds of a user forgotten since it
  // began is not remembered. `changes` counts forgets; `forgottenAt` holds them only while lookups are in flight.
  let changes = 0;
  let inFlight = 0;
  const forgottenAt = new Map<string, number>();

  const remember = (user: PublicUser, at: number) => {
    known.delete(user.id); // re-inserted last: the least recently looked up go first
    known.set(user.id, { user, at });
    if (known.size > limits.max) known.delete(known.keys().next().value!);
  };

  return {
    async find(ids: readonly string[]): Promise<Map<string, PublicUser>> {
      const found = new Map<string, PublicUser>();
      const missing: string[] = [];
      const at = now();
      for (const id of new Set(ids)) {
        const entry = known.get(id);
        if (entry && at - entry.at < limits.ttlMs) found.set(id, entry.user);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const began = changes;
      inFlight += 1;
      try {
        for (const [id, user] of await find(missing)) {
          found.set(id, user);
          if ((forgottenAt.get(id) ?? 0) <= began) remember(user, at);
        }
      } finally {
        inFlight -= 1;
        if (inFlight === 0) forgottenAt.clear();
      }
      return found;
    },
    /** These users' profiles changed: the next lookup reads them again. */
    forget(userIds: Iterable<string>) {
      for (const id of userIds) {
        known.delete(id);
        changes += 1;
        if (inFlight > 0) forgottenAt.set(id, changes);
      }
    },
  };
}

export type PublicUsers = ReturnType<typeof rememberPublicUsers>;

/** The users whose public profile these events change (ProfileChanged, from any gateway). */
export const profilesChangedIn = (events: readonly StoredEvent[]): string[] =>
  events.flatMap((event) => (event.type === 'ProfileChanged' && typeof event.data.userId === 'string' ? [event.data.userId] : []));
