import type { Person, Position, ServerMessage, StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { createHub } from '../realtime/hub.ts';
import { pushRoomChanges } from '../realtime/room-channel.ts';
import type { RoomQueries } from '../rooms/queries.ts';
import { storedCheckpointWaiter } from './projection-wait.ts';

const invited: StoredEvent = {
  streamId: 'room-ABC234',
  type: 'PlayerInvited',
  data: { inviteeId: 'guest' } as StoredEvent['data'],
  streamPosition: 3,
  eventId: 'e1',
  schemaVersion: 1,
  metadata: {},
  recordedAt: new Date(0),
  transactionId: 41n,
  globalPosition: 42n,
};
const people = async (ids: Iterable<string | null | undefined>) =>
  new Map(
    [...ids]
      .filter((id): id is string => !!id)
      .map((id): [string, Person] => [id, { id, name: id, username: null, avatar: null, badge: null }]),
  );

/**
 * The engine projects in its own process: its read model (here `projected`) and its stored checkpoint change
 * together, some time after the event reached the gateway.
 */
function engineProjectingLater(delayMs: number) {
  let checkpoint: Position | null = null;
  let projected = false;
  setTimeout(() => {
    projected = true;
    checkpoint = { transactionId: invited.transactionId, globalPosition: invited.globalPosition };
  }, delayMs);
  const queries = {
    room: async () => null,
    invitations: async () => (projected ? [{ id: 'i1', code: 'ABC234', fromUserId: 'host' }] : []),
  } as unknown as RoomQueries;
  return { queries, store: { loadCheckpoint: async () => checkpoint } };
}

describe('invitation pushes of a distributed gateway', () => {
  it('wait until the engine’s stored checkpoint includes the event, so the invitation is in the list pushed', async () => {
    const engine = engineProjectingLater(60);
    const waitForProjection = storedCheckpointWaiter(engine.store, 'engine-projection', 5);
    const hub = createHub();
    hub.register({
      prefix: 'user:',
      authorize: () => true,
      view: async () => ({ version: 0, snapshot: null }),
      separateEvents: ['invitation'],
    });
    const sent: ServerMessage[] = [];
    await hub.subscribe({ id: 'c1', userId: 'guest', send: (m) => sent.push(m) }, 'user:guest');

    await pushRoomChanges(hub, [invited], {
      queries: engine.queries,
      people,
      settle: (event) => waitForProjection({ transactionId: event.transactionId, globalPosition: event.globalPosition }),
    });

    const push = sent.find((m) => m.type === 'push' && m.event === 'invitation');
    expect(push).toMatchObject({ version: 42, data: [{ id: 'i1', code: 'ABC234' }] });
  });

  it('give up after the time allowed when the checkpoint does not get there', async () => {
    const waitForProjection = storedCheckpointWaiter(
      { loadCheckpoint: async () => ({ transactionId: 1n, globalPosition: 1n }) },
      'engine-projection',
      5,
    );
    await expect(waitForProjection({ transactionId: 41n, globalPosition: 42n }, 30)).rejects.toThrow('engine-projection did not reach 42');
  });
});
