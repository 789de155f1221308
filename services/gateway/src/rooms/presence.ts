import type { RoomView } from './types.ts';

/** Tells the engine a member is (not) there: their turns time out 60 s after they went away. */
export type SetPresence = (userId: string, code: string, online: boolean) => void;

/**
 * A member who reads the room or their match over HTTP is there, even without a socket: a client that fell back
 * to polling after its socket dropped (which marked it offline) must not have its turns time out at once. Sent
 * only when the room shows the member offline, so polling does not write an event per read.
 */
export function markPresentOnRead(room: RoomView, userId: string, setPresence: SetPresence | undefined) {
  const player = room.players.find((p) => p.id === userId);
  const takingPart = player && ['joined', 'ready', 'playing'].includes(player.status);
  if (takingPart && player.online === false && (room.status === 'waiting' || room.status === 'in_progress'))
    setPresence?.(userId, room.code, true);
}
