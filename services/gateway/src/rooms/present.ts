/**
 * Names for the engine's id-only views: every player of a room, the host, the bet's proposer, an invitation's
 * sender and the players of a history row get `name`, `username`, `avatar` and `badge` from the gateway's own
 * identity tables and the leaderboard's badges. Nothing else of a user (phone, email) is ever added. The shapes
 * in and out are the client contracts (@qal/events contracts/rooms.ts: RoomView → PresentedRoom, ...).
 */
import type { HistoryItem, InvitationView, Person, PresentedHistoryItem, PresentedInvitation, PresentedRoom, RoomView } from '@qal/events';
import type { LeaderboardQueries } from '@qal/leaderboard';
import type { PublicUser } from '../identity/users.ts';

export interface PeopleDeps {
  readonly publicUsers: (ids: readonly string[]) => Promise<Map<string, PublicUser>>;
  readonly badges: Pick<LeaderboardQueries, 'badgeOf'>;
}

export type People = (ids: Iterable<string | null | undefined>) => Promise<Map<string, Person>>;

export function createPeople(deps: PeopleDeps): People {
  return async (ids) => {
    const unique = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id.length > 0))];
    const [users, badges] = await Promise.all([
      deps.publicUsers(unique),
      Promise.all(unique.map((id) => deps.badges.badgeOf(id).catch(() => null))),
    ]);
    return new Map(
      unique.map((id, i) => {
        const user = users.get(id);
        return [
          id,
          { id, name: user?.name ?? '', username: user?.username ?? null, avatar: user?.avatar ?? null, badge: badges[i] ?? null },
        ];
      }),
    );
  };
}

const nobody = (id: string): Person => ({ id, name: '', username: null, avatar: null, badge: null });
const personFields = (person: Person) => ({ name: person.name, username: person.username, avatar: person.avatar, badge: person.badge });

/** Keys that must never leave the gateway even if a view carried them by mistake. */
const SECRET_KEY = /password|hash|salt|secret/i;
function withoutSecrets<T extends Record<string, unknown>>(view: T): T {
  return Object.fromEntries(Object.entries(view).filter(([key]) => !SECRET_KEY.test(key))) as T;
}

/** A room for the API: the engine's view, each player with their name and `ready`, the host, the proposer's name. */
export function presentRoom(view: RoomView, people: ReadonlyMap<string, Person>): PresentedRoom {
  const of = (id: string) => people.get(id) ?? nobody(id);
  const host = of(view.hostId);
  return {
    ...withoutSecrets(view),
    host,
    hostName: host.name,
    players: view.players.map((player) => ({ ...player, ...personFields(of(player.id)), ready: player.status === 'ready' })),
    bet: view.bet ? { ...view.bet, proposedByName: of(view.bet.proposedBy).name } : null,
  };
}

export const roomPeople = (view: RoomView) => [view.hostId, ...view.players.map((p) => p.id), view.bet?.proposedBy];

export async function presentRooms(views: readonly RoomView[], people: People): Promise<PresentedRoom[]> {
  const found = await people(views.flatMap(roomPeople));
  return views.map((view) => presentRoom(view, found));
}

/** Pending invitations with who sent them (the host) and the host's name. */
export async function presentInvitations(invitations: readonly InvitationView[], people: People): Promise<PresentedInvitation[]> {
  const found = await people(invitations.map((i) => i.fromUserId));
  return invitations.map((invitation) => {
    const from = found.get(invitation.fromUserId) ?? nobody(invitation.fromUserId);
    return { ...invitation, from, hostName: from.name };
  });
}

/** History rows with every player's name, avatar and badge. */
export async function presentHistory(items: readonly HistoryItem[], people: People): Promise<PresentedHistoryItem[]> {
  const found = await people(items.flatMap((item) => item.players.map((p) => p.id)));
  return items.map((item) => ({
    ...item,
    players: item.players.map((player) => ({ ...player, ...personFields(found.get(player.id) ?? nobody(player.id)) })),
  }));
}
