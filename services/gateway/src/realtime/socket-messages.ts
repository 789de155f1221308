import { ClientMessage, WS_CLOSE_POLICY, WS_CLOSE_UNAUTHORIZED, type ServerMessage } from '@qal/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Lang } from '../http/rejections.ts';
import type { UserRecord } from '../identity/users.ts';
import type { GameCommands } from '../games/game-commands.ts';
import { runWsCommand } from '../games/ws-commands.ts';
import type { RoomCommands } from '../rooms/room-commands.ts';
import type { Connection, Hub } from './hub.ts';

/** What a signed-in socket's messages act on. */
export interface MessageTargets {
  readonly hub: Hub;
  /** Game commands (`{type:'command'}` messages); without them such a message is an invalid_message. */
  readonly games?: GameCommands;
  /** Room commands (`room.*`, `invitation.respond`). */
  readonly rooms?: RoomCommands;
}

/** One signed-in socket, as its message handler sees it. */
export interface SignedInSocket {
  readonly connection: Connection;
  readonly lang: Lang;
  readonly log: FastifyBaseLogger;
  /** The client's address (behind TRUST_PROXY's proxies): wrong room passwords are also limited per address. */
  readonly ip: string;
  readonly maxSubscriptions: number;
  /** The session's user, checked again (a command may take the last check's answer); null once it has ended. */
  sessionUser(forCommand: boolean): Promise<UserRecord | null>;
  send(message: ServerMessage): void;
  error(code: string, channel?: string): ServerMessage;
  /** Sends the error, then closes the socket with `closeCode`. */
  refuse(code: string, closeCode: number): void;
}

function parse(raw: string): ClientMessage | null {
  try {
    const parsed = ClientMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function subscribe(targets: MessageTargets, socket: SignedInSocket, channel: string) {
  const followed = targets.hub.channelsOf(socket.connection);
  if (!followed.has(channel) && followed.size >= socket.maxSubscriptions) {
    socket.refuse('ws_too_many_subscriptions', WS_CLOSE_POLICY);
    return;
  }
  try {
    const result = await targets.hub.subscribe(socket.connection, channel);
    if (result !== 'subscribed') socket.send(socket.error(result, channel));
  } catch (err) {
    socket.log.error({ err, channel }, 'subscribe failed');
    socket.send(socket.error('internal_error', channel));
  }
}

/** Handles one message of a signed-in socket: subscriptions, ping, and the game and room commands. */
export async function handleSignedInMessage(targets: MessageTargets, socket: SignedInSocket, raw: string): Promise<void> {
  const message = parse(raw);
  // A second `auth` is not a way to change sessions: a new token opens a new socket.
  if (!message || message.type === 'auth') {
    socket.send(socket.error('invalid_message'));
    return;
  }
  if (message.type === 'ping') {
    socket.send({ type: 'pong' });
    return;
  }
  if (message.type === 'unsubscribe') {
    targets.hub.unsubscribe(socket.connection, message.channel);
    socket.send({ type: 'unsubscribed', channel: message.channel });
    return;
  }
  // A session may have been revoked since the socket opened: check it again before giving a new view.
  const current = await socket.sessionUser(message.type === 'command');
  if (!current) {
    socket.refuse('unauthorized', WS_CLOSE_UNAUTHORIZED);
    return;
  }
  if (message.type === 'subscribe') {
    await subscribe(targets, socket, message.channel);
    return;
  }
  if (!targets.games) {
    socket.send(socket.error('invalid_message'));
    return;
  }
  const commandTargets = { games: targets.games, ...(targets.rooms ? { rooms: targets.rooms } : {}) };
  socket.send(
    await runWsCommand(commandTargets, message, { id: current.id, ip: socket.ip }, socket.lang, (err) =>
      socket.log.error({ err, command: message.name }, 'websocket command failed'),
    ),
  );
}
