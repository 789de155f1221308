import { uuidFrom, type CommandEnvelope, type CommandOutcome, type SqlDatabase, type SqlExecutor, type StoredEvent } from '@qal/events';
import { z } from 'zod';
import { LEDGER_ACTOR, WALLET_OPENER_RETRY_MS } from '../config.ts';
import type { Logger } from '../handlers/shell.ts';

const Registered = z.object({ userId: z.string().min(1) });

export interface WalletOpener {
  /** Opens every wallet still waiting; resolves when the queue is empty or only failures are left. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface WalletOpenerDeps {
  readonly db: SqlDatabase;
  /** Runs a ledger command (without waiting for the read model). */
  readonly execute: (command: CommandEnvelope) => Promise<CommandOutcome>;
  readonly logger: Logger;
}

/** The OpenWallet command for a sign-up: its id is fixed by the user, so however often it is sent it is one command. */
export function openWalletCommand(userId: string, issuedAt: Date, correlationId: string): CommandEnvelope {
  return {
    commandId: uuidFrom('open-wallet', userId),
    type: 'OpenWallet',
    actorId: LEDGER_ACTOR,
    payload: { userId },
    issuedAt: issuedAt.toISOString(),
    correlationId,
  };
}

/**
 * Records the sign-ups of a batch in `ledger_wallet_requests`, through the transaction the batch's checkpoint is
 * saved in (the ledger's projection subscription calls it, so a batch costs one transaction for both). Returns
 * whether any was recorded.
 */
/** A sign-up the wallet opener answers. */
/** The event of a sign-up, on the player's stream. */
export const SIGN_UP_EVENT = 'PlayerRegistered';

export const isSignUp = (event: Pick<StoredEvent, 'type' | 'streamId'>): boolean =>
  event.type === SIGN_UP_EVENT && event.streamId.startsWith('player-');

export async function recordSignUps(sql: SqlExecutor, events: readonly StoredEvent[], logger: Logger): Promise<boolean> {
  const requests = events.flatMap((event) => {
    if (!isSignUp(event)) return [];
    const parsed = Registered.safeParse(event.data);
    if (!parsed.success) {
      logger.error({ eventId: event.eventId }, 'wallet opener: PlayerRegistered without a userId');
      return [];
    }
    return [{ user_id: parsed.data.userId, event_id: event.eventId, requested_at: event.recordedAt.toISOString() }];
  });
  if (requests.length === 0) return false;
  await sql.query(
    `insert into ledger_wallet_requests (user_id, event_id, requested_at)
     select user_id, event_id, requested_at from jsonb_to_recordset($1::jsonb) as x(user_id text, event_id text, requested_at timestamptz)
     on conflict (user_id) do nothing`,
    [JSON.stringify(requests)],
  );
  return true;
}

/**
 * Opens a wallet (with its welcome grant) for every recorded sign-up, so a crash between sign-up and grant still
 * grants: the request is durable from the moment its batch committed. Sends OpenWallet (idempotent, command id
 * fixed by the user) outside any subscription transaction, marks the request done, and retries failures on a
 * timer. Appending from inside the subscription's transaction is not possible on PGlite (one connection), and
 * holding it open across appends would stall every reader.
 */
export function startWalletOpener(deps: WalletOpenerDeps): WalletOpener {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function openWaiting() {
    const { rows } = await deps.db.query<{ user_id: string; event_id: string; requested_at: Date | string }>(
      `select user_id, event_id, requested_at from ledger_wallet_requests where opened_at is null order by requested_at limit 100`,
    );
    for (const row of rows) {
      if (stopped) return;
      try {
        const outcome = await deps.execute(openWalletCommand(row.user_id, new Date(row.requested_at), row.event_id));
        const error = outcome.status === 'rejected' ? outcome.reason : null;
        // A rejection (a malformed user id) will not change on retry: it is logged and recorded, not repeated.
        if (error) deps.logger.error({ userId: row.user_id, reason: error }, 'wallet opener: OpenWallet rejected');
        await deps.db.query(`update ledger_wallet_requests set opened_at = now(), last_error = $2 where user_id = $1`, [
          row.user_id,
          error,
        ]);
      } catch (error) {
        deps.logger.error({ userId: row.user_id, err: String(error) }, 'wallet opener: OpenWallet failed, will retry');
        await deps.db
          .query(`update ledger_wallet_requests set attempts = attempts + 1, last_error = $2 where user_id = $1`, [
            row.user_id,
            String(error),
          ])
          .catch(() => undefined);
      }
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await openWaiting();
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) deps.logger.error({ err: String(error) }, 'wallet opener: drain failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void drain(), WALLET_OPENER_RETRY_MS);
  timer.unref();
  void drain();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
