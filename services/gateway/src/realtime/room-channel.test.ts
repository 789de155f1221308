import { parseMatchChannel, type Person, type RoomSnapshot, type ServerMessage, type StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import type { RoomQueries } from '../rooms/queries.ts';
import { createHub, type Connection } from './hub.ts';
import { pushRoomChanges, roomChannelKind, roomOfStream } from './room-channel.ts';

const connection = (userId: string) => {
  const sent: ServerMessage[] = [];
  const c: Connection & { sent: ServerMessage[] } = { id: `c-${userId}-${Math.random()}`, userId, send: (m) => sent.push(m), sent };
  return c;
};

let position = 100n;
const event = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => {
  position += 1n;
  return {
    streamId,
    type,
    data: data as StoredEvent['data'],
    streamPosition: 1,
    eventId: `e${position}`,
    schemaVersion: 1,
    metadata: {},
    recordedAt: new Date(0),
    transactionId: position,
    globalPosition: position,
  };
};

const snapshot = (over: Partial<RoomSnapshot> = {}): RoomSnapshot => ({
  view: {
    code: 'ABC234',
    roomName: 'Duel',
    description: '',
    game: 'hangman',
    language: 'en',
    maxPlayers: 4,
    gameDuration: 'normal',
    entryFee: 10,
    penalty: 0,
    private: false,
    hostId: 'host',
    status: 'waiting',
    matchId: 'm1',
    createdAt: 't',
    players: [{ id: 'host', status: 'joined', online: false, joinedAt: 't' }],
    bet: null,
    matches: ['m1'],
  },
  version: 7,
  memberIds: ['host'],
  invitedIds: ['inv'],
  ...over,
});

function fakeQueries(room: RoomSnapshot | null, invitations: Record<string, unknown[]> = {}): RoomQueries {
  return {
    room: async () => room,
    openRooms: async () => [],
    myRooms: async () => [],
    invitations: async (userId) => (invitations[userId] ?? []) as never,
    matchView: async () => null,
    history: async () => ({ items: [], nextCursor: null }),
  };
}
const people = async (ids: Iterable<string | null | undefined>) =>
  new Map(
    [...ids]
      .filter((id): id is string => !!id)
      .map((id): [string, Person] => [id, { id, name: id.toUpperCase(), username: null, avatar: null, badge: null }]),
  );

describe('room channel', () => {
  it('reads room codes from room streams and both forms of match channels', () => {
    expect(roomOfStream('room-ABC234')).toBe('ABC234');
    expect(roomOfStream('room-abc')).toBeNull();
    expect(roomOfStream('match-ABC234')).toBeNull();
    expect(parseMatchChannel('match:m1')).toEqual({ matchId: 'm1', userId: null });
    expect(parseMatchChannel('match:m1:u2')).toEqual({ matchId: 'm1', userId: 'u2' });
  });

  it('lets members and invited players follow a room, with names in the snapshot, and reports presence', async () => {
    const presence: string[] = [];
    const hub = createHub();
    hub.register(
      roomChannelKind({
        queries: fakeQueries(snapshot()),
        people,
        setPresence: (u, code, online) => presence.push(`${u} ${code} ${online}`),
      }),
    );
    const host = connection('host');
    expect(await hub.subscribe(connection('stranger'), 'room:ABC234')).toBe('forbidden_channel');
    expect(await hub.subscribe(host, 'room:ABC234')).toBe('subscribed');
    expect(await hub.subscribe(connection('inv'), 'room:ABC234')).toBe('subscribed');
    expect(host.sent[0]).toMatchObject({
      type: 'subscribed',
      version: 7,
      snapshot: { hostName: 'HOST', players: [{ id: 'host', name: 'HOST', ready: false }] },
    });
    hub.disconnect(host);
    expect(presence).toEqual(['host ABC234 true', 'inv ABC234 true', 'host ABC234 false']);
  });

  it('pushes the room to its followers and the pending invitations to the invited user', async () => {
    const hub = createHub();
    const room = { current: snapshot({ version: 7 }) };
    const queries = {
      ...fakeQueries(null, { inv: [{ id: 'i1', code: 'ABC234', roomName: 'Duel', game: 'hangman', fromUserId: 'host', at: 't' }] }),
      room: async () => room.current,
    };
    hub.register(roomChannelKind({ queries, people }));
    hub.register({
      prefix: 'user:',
      authorize: () => true,
      view: async () => ({ version: 500, snapshot: {} }),
      separateEvents: ['invitation'],
    });
    const host = connection('host');
    const invitee = connection('inv');
    await hub.subscribe(host, 'room:ABC234');
    await hub.subscribe(invitee, 'user:inv');
    room.current = snapshot({ version: 9 });
    const invited = event('room-ABC234', 'PlayerInvited', { invitationId: 'i1', inviteeId: 'inv', fromUserId: 'host' });
    await pushRoomChanges(hub, [event('duel-m1', 'WordSet', {}), invited], { queries, people });
    expect(host.sent.at(-1)).toMatchObject({ type: 'push', channel: 'room:ABC234', event: 'room', version: 9 });
    // versioned by the room event, below the wallet snapshot's version, and still delivered
    expect(invitee.sent.at(-1)).toMatchObject({
      type: 'push',
      channel: 'user:inv',
      event: 'invitation',
      version: Number(invited.globalPosition),
      data: [{ id: 'i1', hostName: 'HOST', from: { id: 'host', name: 'HOST' } }],
    });
  });

  it("tells a room's invited players when the room is cancelled, even if no event names them", async () => {
    const hub = createHub();
    const queries = fakeQueries(snapshot({ invitedIds: ['inv'] }));
    hub.register({
      prefix: 'user:',
      authorize: () => true,
      view: async () => ({ version: 1, snapshot: {} }),
      separateEvents: ['invitation'],
    });
    const invitee = connection('inv');
    await hub.subscribe(invitee, 'user:inv');
    await pushRoomChanges(hub, [event('room-ABC234', 'RoomCancelled', { reason: 'deleted' })], { queries, people });
    expect(invitee.sent.at(-1)).toMatchObject({ event: 'invitation', data: [] });
  });
});
