/**
 * A private room's password is checked without the room's lock (scrypt is slow on purpose, and the lock is what a
 * running match's moves wait on), and the join is decided under the lock on the room as it is then.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createKeyedLock,
  createMemoryEventStore,
  newUuid,
  type CommandEnvelope,
  type CommandOutcome,
  type CommandSender,
  type KeyedLock,
} from '@qal/events';
import { DEFAULT_GAME_REGISTRY } from '../src/games/registry.ts';
import { passwordCheck } from '../src/service/room-join.ts';
import { roomLockKey } from '../src/service/room-store.ts';
import { createRoom, deleteRoom, joinRoom } from '../src/service/rooms.ts';
import * as passwords from '../src/service/password.ts';
import type { HandlerResult } from '../src/service/handler-result.ts';
import type { HandlerDeps } from '../src/service/shell.ts';
import type { RoomState } from '../src/rooms/state.ts';
import type { RoomView } from '../src/index.ts';

const T0 = Date.parse('2026-03-02T06:00:00.000Z');

type PasswordModule = typeof passwords;

vi.mock('../src/service/password.ts', async (importOriginal) => {
  const real = await importOriginal<PasswordModule>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const realVerify = (await vi.importActual<PasswordModule>('../src/service/password.ts')).verifyPassword;
const verify = vi.mocked(passwords.verifyPassword);

/** A keyed lock that can say which keys are held right now. */
function observedLock(): KeyedLock & { held: Set<string> } {
  const inner = createKeyedLock();
  const held = new Set<string>();
  return {
    held,
    run: (keys, work) =>
      inner.run(keys, async () => {
        keys.forEach((k) => held.add(k));
        try {
          return await work();
        } finally {
          keys.forEach((k) => held.delete(k));
        }
      }),
  };
}

/** Creating, joining and closing a room touch no money: the ledger is never asked. */
const noLedger: CommandSender = {
  send: () => Promise.reject(new Error('no ledger in this test')),
};

type Handler<P> = (deps: HandlerDeps, command: CommandEnvelope, payload: P) => Promise<HandlerResult>;

function setup() {
  const locks = observedLock();
  const deps: HandlerDeps = {
    store: createMemoryEventStore(),
    ledger: noLedger,
    locks,
    logger: { info: () => undefined, error: () => undefined },
    newSeed: () => 'a'.repeat(64),
    games: DEFAULT_GAME_REGISTRY,
  };
  let now = T0;
  const run = async <P extends { userId: string }>(handler: Handler<P>, type: string, payload: P) => {
    const commandId = newUuid();
    const issuedAt = new Date((now += 1_000)).toISOString();
    const command = { commandId, type, actorId: payload.userId, payload, issuedAt, correlationId: commandId };
    return (await handler(deps, command, payload)).outcome;
  };
  const create = async (host: string) => {
    const settings = { roomName: 'Private words', game: 'hangman', language: 'en', maxPlayers: 3, gameDuration: 'normal' } as const;
    const created = await run(createRoom, 'CreateRoom', { userId: host, ...settings, password: 'sesame' });
    if (created.status !== 'succeeded') throw new Error(`no room: ${JSON.stringify(created)}`);
    return created.data.room as RoomView;
  };
  const join = (code: string, userId: string, password?: string) =>
    run(joinRoom, 'JoinRoom', { code, userId, ...(password === undefined ? {} : { password }) });
  const close = (code: string, host: string) => run(deleteRoom, 'DeleteRoom', { code, userId: host });
  return { locks, create, join, close };
}

const reasonOf = (outcome: CommandOutcome) => (outcome.status === 'rejected' ? outcome.reason : 'succeeded');

afterEach(() => {
  verify.mockReset();
  verify.mockImplementation(realVerify);
});

describe('room passwords', () => {
  it('are checked while the room is not locked, so the room’s other work goes on meanwhile', async () => {
    const { locks, create, join } = setup();
    const room = await create('host');
    const lockedDuringCheck: boolean[] = [];
    verify.mockImplementation(async (password, stored) => {
      lockedDuringCheck.push(locks.held.has(roomLockKey(room.code)));
      return realVerify(password, stored);
    });
    expect(reasonOf(await join(room.code, 'ann', 'wrong'))).toBe('invalid_password');
    expect(reasonOf(await join(room.code, 'ann', 'sesame'))).toBe('succeeded');
    expect(lockedDuringCheck).toEqual([false, false]);
  });

  it('decide on the room as it is once locked: a room closed during the check refuses the right password', async () => {
    const { locks, create, join, close } = setup();
    const room = await create('host');
    const closedMeanwhile: string[] = [];
    verify.mockImplementationOnce(async (password, stored) => {
      // The host closes the room while the password is being checked (were the room locked, that would wait for it).
      const locked = locks.held.has(roomLockKey(room.code));
      closedMeanwhile.push(locked ? 'room locked' : reasonOf(await close(room.code, 'host')));
      return realVerify(password, stored);
    });
    const joined = await join(room.code, 'ann', 'sesame');
    expect(closedMeanwhile).toEqual(['succeeded']);
    expect(joined).toMatchObject({ status: 'rejected', reason: 'room_not_waiting' });
  });

  it('are not checked at all for a room that is no longer waiting for players', async () => {
    const { create, join, close } = setup();
    const room = await create('host');
    await close(room.code, 'host');
    expect(reasonOf(await join(room.code, 'ann', 'sesame'))).toBe('room_not_waiting');
    expect(verify).not.toHaveBeenCalled();
  });

  it('a verdict for a hash the room no longer has is stale and checked again', () => {
    const waiting = { passwordHash: 'scrypt$new$hash', status: 'waiting' } as RoomState;
    expect(passwordCheck(waiting, 'pw', { hash: 'scrypt$old$hash', valid: true })).toBe('stale');
    expect(passwordCheck(waiting, 'pw', null)).toBe('stale');
    expect(passwordCheck(waiting, 'pw', { hash: 'scrypt$new$hash', valid: true })).toBe('valid');
    expect(passwordCheck(waiting, 'pw', { hash: 'scrypt$new$hash', valid: false })).toBe('invalid');
    expect(passwordCheck(waiting, undefined, null)).toBe('none');
    expect(passwordCheck({ ...waiting, status: 'in_progress' }, 'pw', { hash: 'scrypt$new$hash', valid: true })).toBe('invalid');
  });
});
