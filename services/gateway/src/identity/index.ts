import type { CommandSender, EventStore, SqlDatabase } from '@qal/events';
import type { Clock } from '../clock.ts';
import { createProfiles } from './profile.ts';
import { createRegistrationPublisher } from './registration.ts';
import { createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import type { SmsSender } from './sms/port.ts';
import { findPublicUsers, findUserById, findUserByUsername } from './users.ts';

export interface IdentityDeps {
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly commands: CommandSender;
  readonly sms: SmsSender;
  readonly clock: Clock;
  readonly otpPepper: string;
  readonly storageDir: string;
  readonly logger?: { warn(obj: object, msg: string): void };
  /** A user's public profile (name, username, picture) changed here: what remembers it forgets it. */
  readonly onProfileChanged?: (userId: string) => void;
}

/** The identity context of the gateway: sign-in, sessions and profiles over the gateway's own tables. */
export function createIdentity(deps: IdentityDeps) {
  const sessions = createSessions(deps.db, deps.clock);
  const profiles = createProfiles({
    db: deps.db,
    store: deps.store,
    clock: deps.clock,
    storageDir: deps.storageDir,
    ...(deps.onProfileChanged ? { onChanged: deps.onProfileChanged } : {}),
  });
  const publishRegistration = createRegistrationPublisher(deps);
  const signIn = createSignIn({
    db: deps.db,
    sms: deps.sms,
    clock: deps.clock,
    pepper: deps.otpPepper,
    sessions,
    publishRegistration,
    onLanguageChanged: (user) => profiles.publishChange(user.id, { language: user.language }, deps.clock()),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return {
    sessions,
    profiles,
    signIn,
    findUser: (id: string) => findUserById(deps.db, id),
    findUserByUsername: (username: string) => findUserByUsername(deps.db, username),
    /** Names and avatars of other players (rooms, invitations, history). */
    publicUsers: (ids: readonly string[]) => findPublicUsers(deps.db, ids),
  };
}

export type Identity = ReturnType<typeof createIdentity>;
export { migrateIdentity } from './migrations.ts';
export type { UserRecord } from './users.ts';
