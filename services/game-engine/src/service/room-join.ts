/**
 * Joining a room. A private room's password is checked before the room's lock is taken: scrypt is slow on
 * purpose, and under the lock it would hold up everything else in the room, a running match's moves included.
 * Under the lock the room is read again and decides with that verdict, but only if the room still has the hash
 * that was checked (otherwise the check runs again), and only while it is waiting for players.
 */
import { rejected, type CommandEnvelope, type GameEngineCommandPayload } from '@qal/events';
import { ROOM_PASSWORD_CHECKS } from '../config.ts';
import { decideRoom, isRejection } from '../rooms/decide.ts';
import type { RoomState } from '../rooms/state.ts';
import { answer, type HandlerResult } from './handler-result.ts';
import { verifyPassword } from './password.ts';
import { runRoomCommand } from './room-command.ts';
import { loadRoom } from './room-store.ts';
import type { HandlerDeps } from './shell.ts';

/** The password as checked outside the lock: against which hash, and whether it matched. */
export interface PasswordVerdict {
  readonly hash: string;
  readonly valid: boolean;
}

/** What the decider hears of a password; 'stale' when the verdict was for a hash the room no longer has. */
export type PasswordCheck = 'none' | 'valid' | 'invalid' | 'stale';

/** The engine's own: a join whose checks kept going stale (never sent as long as passwords do not change). */
const PASSWORD_STALE = 'password_stale';

/** Pure: the room as found under the lock, and the verdict reached outside it. */
export function passwordCheck(state: RoomState | null, password: string | undefined, verdict: PasswordVerdict | null): PasswordCheck {
  if (password === undefined || !state?.passwordHash) return 'none';
  // A room that started (or closed) meanwhile refuses the join whatever the password: the verdict does not count.
  if (state.status !== 'waiting') return 'invalid';
  if (verdict?.hash !== state.passwordHash) return 'stale';
  return verdict.valid ? 'valid' : 'invalid';
}

/** Checks the password against the room as read now, without its lock; null when there is nothing to check. */
async function verdictOutsideLock(deps: HandlerDeps, code: string, password: string | undefined): Promise<PasswordVerdict | null> {
  if (password === undefined) return null;
  const { state } = await loadRoom(deps.store, code);
  // Only a room waiting for players takes a password: no scrypt is spent on one that started.
  if (!state?.passwordHash || state.status !== 'waiting') return null;
  return { hash: state.passwordHash, valid: await verifyPassword(password, state.passwordHash) };
}

export async function joinRoom(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'JoinRoom'>,
): Promise<HandlerResult> {
  const { code, userId, password } = payload;
  for (let n = 0; n < ROOM_PASSWORD_CHECKS; n += 1) {
    const verdict = await verdictOutsideLock(deps, code, password);
    const result = await runRoomCommand(deps, command, {
      code,
      plan: ({ state }) => {
        const check = passwordCheck(state, password, verdict);
        if (check === 'stale') return { reason: PASSWORD_STALE };
        const events = decideRoom({ type: 'JoinRoom', data: { userId, password: check, at: command.issuedAt } }, state);
        return isRejection(events) ? events : { events };
      },
    });
    if (result.outcome.status !== 'rejected' || result.outcome.reason !== PASSWORD_STALE) return result;
  }
  // The room's password kept changing under the join: let the player try again rather than guess a verdict.
  return answer(rejected(command.commandId, 'room_busy'), null, false);
}
