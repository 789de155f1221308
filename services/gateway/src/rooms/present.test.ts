import type { Person, RoomView } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { createPeople, presentHistory, presentInvitations, presentRoom } from './present.ts';

const person = (id: string, name: string): Person => ({ id, name, username: name.toLowerCase(), avatar: null, badge: null });
const people = new Map([
  ['u1', person('u1', 'Abebe')],
  ['u2', { ...person('u2', 'Bethel'), badge: 'ras' as const }],
]);

const view = (over: Partial<RoomView> = {}): RoomView => ({
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
  hostId: 'u1',
  status: 'waiting',
  matchId: 'm1',
  createdAt: 't',
  matches: ['m1'],
  players: [
    { id: 'u1', status: 'ready', online: true, joinedAt: 'x' },
    { id: 'u2', status: 'joined', online: false, joinedAt: 'y' },
  ],
  bet: null,
  ...over,
});

describe('room presentation', () => {
  it('adds the host, every player’s name, username, avatar, badge and ready flag', () => {
    const room = presentRoom(view(), people);
    expect(room.host).toEqual(people.get('u1'));
    expect(room.hostName).toBe('Abebe');
    expect(room.players).toEqual([
      { id: 'u1', status: 'ready', online: true, joinedAt: 'x', name: 'Abebe', username: 'abebe', avatar: null, badge: null, ready: true },
      {
        id: 'u2',
        status: 'joined',
        online: false,
        joinedAt: 'y',
        name: 'Bethel',
        username: 'bethel',
        avatar: null,
        badge: 'ras',
        ready: false,
      },
    ]);
  });

  it('names the bet’s proposer and never passes on anything that looks like a password', () => {
    const bet = { proposalId: 'p', amount: 10, proposedBy: 'u2', expiresAt: 'z', acceptedBy: ['u2'], status: 'proposed' as const, pot: 20 };
    const leaky = { ...view({ bet }), passwordHash: 'h', password: 'p', secretSalt: 's' };
    const room = presentRoom(leaky, people);
    expect(room.bet).toMatchObject({ proposedBy: 'u2', proposedByName: 'Bethel' });
    expect(Object.keys(room).filter((k) => /password|hash|salt|secret/i.test(k))).toEqual([]);
  });

  it('gives an unknown player an empty name rather than failing', () => {
    const room = presentRoom(view({ players: [{ id: 'ghost', status: 'joined', online: true, joinedAt: null }] }), people);
    expect(room.players[0]).toMatchObject({ id: 'ghost', name: '', badge: null });
  });

  it('looks people up once each and names invitations and history rows', async () => {
    const asked: string[][] = [];
    const lookup = createPeople({
      publicUsers: async (ids) => {
        asked.push([...ids]);
        return new Map(ids.filter((id) => people.has(id)).map((id) => [id, people.get(id)!]));
      },
      badges: { badgeOf: async (id) => people.get(id)?.badge ?? null },
    });
    const invitations = await presentInvitations(
      [{ id: 'i1', code: 'ABC234', roomName: 'Duel', game: 'hangman', fromUserId: 'u1', at: 't' }],
      lookup,
    );
    expect(invitations[0]).toMatchObject({ hostName: 'Abebe', from: { id: 'u1', name: 'Abebe' } });
    const history = await presentHistory(
      [
        {
          matchId: 'm1',
          roomCode: 'ABC234',
          roomName: 'Duel',
          game: 'hangman',
          finishedAt: 't',
          result: 'won',
          score: 10,
          tokens: 5,
          players: [
            { id: 'u1', score: 10 },
            { id: 'u2', score: 30 },
            { id: 'u1', score: 10 },
          ],
        },
      ],
      lookup,
    );
    expect(history[0]!.players.map((p) => [p.name, p.badge])).toEqual([
      ['Abebe', null],
      ['Bethel', 'ras'],
      ['Abebe', null],
    ]);
    expect(asked.at(-1)).toEqual(['u1', 'u2']);
  });
});
