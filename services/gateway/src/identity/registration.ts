import { playerStreamId, PLAYER_STREAM_TYPE, uuidFrom, type CommandSender, type EventStore, type SqlDatabase } from '@qal/events';
import type { Clock } from '../clock.ts';
import { commandEnvelope, sendCommand } from '../commands.ts';
import type { UserRecord } from './users.ts';

export interface RegistrationDeps {
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly commands: CommandSender;
  readonly clock: Clock;
  readonly logger?: { warn(obj: object, msg: string): void };
}

/**
 * Announces a new player: PlayerRegistered on `player-<id>`, then OpenWallet, awaited so the first answer
 * already shows the welcome grant (the ledger also reacts to the event; both paths are idempotent). Every id
 * is derived from the user id, so publishing again after a crash changes nothing that was already done; the
 * row is marked only once both went through, and the next sign-in retries otherwise.
 */
export function createRegistrationPublisher(deps: RegistrationDeps) {
  return async function publishRegistration(user: UserRecord): Promise<void> {
    await deps.store.append([
      {
        streamId: playerStreamId(user.id),
        streamType: PLAYER_STREAM_TYPE,
        expectedVersion: 'any',
        events: [
          {
            eventId: uuidFrom('PlayerRegistered', user.id),
            type: 'PlayerRegistered',
            data: { userId: user.id, name: user.name, language: user.language, registeredAt: user.createdAt.toISOString() },
          },
        ],
      },
    ]);
    let outcome;
    try {
      outcome = await sendCommand(
        deps.commands,
        commandEnvelope({
          type: 'OpenWallet',
          actorId: user.id,
          payload: { userId: user.id },
          commandId: uuidFrom('OpenWallet', user.id),
          clock: deps.clock,
        }),
      );
    } catch (error) {
      // The sign-in itself has succeeded (code consumed, session open): failing it now would lose that session.
      // The ledger opens the wallet from PlayerRegistered anyway, and the next sign-in publishes again.
      if ((error as Error | null)?.name !== 'CommandTimeoutError') throw error;
      deps.logger?.warn({ userId: user.id }, 'OpenWallet had no outcome in time; the ledger opens the wallet from PlayerRegistered');
      return;
    }
    if (outcome.status === 'rejected') {
      deps.logger?.warn({ userId: user.id, reason: outcome.reason }, 'OpenWallet was rejected; retried at the next sign-in');
      return;
    }
    await deps.db.query(`update identity_users set registration_published_at = $2 where id = $1`, [user.id, deps.clock()]);
  };
}
