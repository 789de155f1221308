import { createMemoryEventStore, type EventStore } from '@qal/events';
import { describe, expect, it } from 'vitest';
import type { RoomEvent, RoomSettings, TransferSpec } from '../rooms/events.ts';
import { FOLDED_RESTED_ROOMS_MAX, foldedRoomsHeld, loadRoom, roomAppend } from './room-store.ts';

const AT = '2026-03-02T06:00:00.000Z';
const SETTINGS: RoomSettings = {
  roomName: 'Soak',
  description: '',
  game: 'hangman',
  language: 'en',
  maxPlayers: 2,
  gameDuration: 'normal',
  entryFee: 0,
  penalty: 0,
};

const codeOf = (i: number) => `R${String(i).padStart(5, '0')}`;

/** Appends one command's room events and folds the room. */
async function step(store: EventStore, code: string, n: number, events: RoomEvent[]) {
  const version = n === 0 ? 'no_stream' : n;
  await store.append([roomAppend(code, version, { commandId: `${code}:${n}`, correlationId: code, actorId: 'host' }, events)]);
  return loadRoom(store, code);
}

/** A room created and folded; then, as asked, left waiting, played to its end, or cancelled (each step folded). */
async function room(store: EventStore, i: number, end: 'waiting' | 'finished' | 'cancelled', transfers: TransferSpec[] = []) {
  const code = codeOf(i);
  const matchId = `hangman-duel.${code}`;
  const created = await step(store, code, 0, [
    { type: 'RoomCreated', data: { code, matchId, hostId: 'host', settings: SETTINGS, passwordHash: null, at: AT } },
  ]);
  if (end === 'cancelled') return step(store, code, 1, [{ type: 'RoomCancelled', data: { reason: 'deleted', at: AT } }]);
  if (end === 'waiting') return created;
  await step(store, code, 1, [{ type: 'PlayerJoined', data: { userId: 'guest', invitationId: null, at: AT } }]);
  await step(store, code, 2, [{ type: 'MatchStarted', data: { matchId, players: ['host', 'guest'], fees: [], at: AT } }]);
  return step(store, code, 3, [
    { type: 'MatchFinished', data: { matchId, winners: ['host'], scores: { host: 1, guest: 0 }, pot: 0, transfers, at: AT } },
  ]);
}

describe('folded rooms', () => {
  it('a room finished or cancelled leaves the rooms in play: only the last few at rest stay folded', async () => {
    const store = createMemoryEventStore();
    await room(store, 0, 'waiting');
    for (let i = 1; i <= FOLDED_RESTED_ROOMS_MAX + 50; i++)
      expect((await room(store, i, i % 2 ? 'finished' : 'cancelled')).state).not.toBeNull();
    expect(foldedRoomsHeld(store)).toEqual({ inPlay: 1, atRest: FOLDED_RESTED_ROOMS_MAX });
  });

  it('a room no longer folded is read again whole from the store', async () => {
    const store = createMemoryEventStore();
    const first = await room(store, 1, 'finished');
    for (let i = 2; i <= FOLDED_RESTED_ROOMS_MAX + 1; i++) await room(store, i, 'finished');
    const again = await loadRoom(store, codeOf(1));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(again.state?.status).toBe('finished');
  });

  it('a finished room still owing payouts stays among the rooms in play until they are done', async () => {
    const store = createMemoryEventStore();
    const code = codeOf(0);
    const payout: TransferSpec = {
      transferId: 'payout-1',
      from: `escrow:hangman-duel.${code}`,
      to: 'wallet:host',
      amount: 10,
      reason: 'payout',
      matchId: `hangman-duel.${code}`,
      userId: 'host',
    };
    await room(store, 0, 'finished', [payout]);
    expect(foldedRoomsHeld(store)).toEqual({ inPlay: 1, atRest: 0 });
    await step(store, code, 4, [{ type: 'RoomTransferDone', data: { transferId: payout.transferId, at: AT } }]);
    expect(foldedRoomsHeld(store)).toEqual({ inPlay: 0, atRest: 1 });
  });
});
