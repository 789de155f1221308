import * as z from 'zod/mini';

/**
 * The websocket protocol between the client and the gateway (`/ws`, then `auth` first), split by direction. The channels
 * and their names are in streams.ts (`user:<userId>`, `room:<code>`, `match:<id>`, `match:<id>:<userId>`). Every
 * push carries `version` (the event-store global position of the change): a client ignores a version at or below
 * the one it has, and re-subscribes for a fresh snapshot after a gap.
 */
export const WS_PATH = '/ws';
/** Close code for a missing, unknown, expired or revoked session token (also: no `auth` in time, a token in the URL). */
export const WS_CLOSE_UNAUTHORIZED = 4401;
/** Close code (the standard "policy violation") for a socket over one of its limits, after an error naming it. */
export const WS_CLOSE_POLICY = 1008;
/**
 * Close code for a socket that fell too far behind reading what the server sends (its send buffer over a limit): it
 * gets nothing more. Not a refusal: reconnect at once and subscribe again, whose snapshots carry the current state.
 */
export const WS_CLOSE_TOO_SLOW = 4408;
/**
 * The error codes of the socket's limits, each sent just before a WS_CLOSE_POLICY close: too many messages (a
 * token bucket per socket, and the caps on messages waiting before authentication or behind a slow one), too many
 * channels followed on one socket, too many sockets of one player.
 */
export const WS_LIMIT_CODES = ['ws_too_many_messages', 'ws_too_many_subscriptions', 'ws_too_many_sockets'] as const;
export type WsLimitCode = (typeof WS_LIMIT_CODES)[number];

export const Channel = z
  .string()
  .check(z.minLength(3), z.maxLength(200), z.regex(/^[a-z]+:[A-Za-z0-9:._-]+$/, 'channel must look like <kind>:<id>'));
export type Channel = z.infer<typeof Channel>;

const Version = z.int().check(z.nonnegative());

// Client → server
/**
 * The first message of every socket: the session token travels in the socket's first frame, never in its URL (where
 * proxies and access logs keep it). Anything else first, or no `auth` in time, closes the socket as unauthorized.
 */
export const AuthMessage = z.object({ type: z.literal('auth'), token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const SubscribeMessage = z.object({ type: z.literal('subscribe'), channel: Channel });
export const UnsubscribeMessage = z.object({ type: z.literal('unsubscribe'), channel: Channel });
export const PingMessage = z.object({ type: z.literal('ping') });
/**
 * The REST API's game operations over the socket: `hangman.play` ({language, category?, difficulty?}),
 * `match.move` ({matchId, type: 'guess', letter} | {matchId, type: 'hint'} | {matchId, type: 'set_word', word}; Crazy:
 * {matchId, type: 'play', cards, suit?} | 'draw' | 'pass' | 'qeregn' | {type: 'crazy', target} | 'face_penalty'),
 * `match.view` ({matchId}).
 * Rooms (answered `{room}` as the REST calls are): `room.create` (the body of POST /rooms), `room.join`
 * ({code, password?}), `room.leave`, `room.ready`, `room.unready`, `room.rematch`, `room.delete` ({code}),
 * `room.start` ({code} → {room, matchId}), `room.invite` ({code, username}), `room.bet` ({code, amount}),
 * `room.bet.respond` ({code, accept}), `invitation.respond` ({invitationId, accept} → {room | null}).
 * Answered by a `result` with the same `id`; `idempotencyKey` works as the HTTP header does.
 */
export const WS_COMMAND_NAMES = [
  'hangman.play',
  'match.move',
  'match.view',
  'room.create',
  'room.join',
  'room.leave',
  'room.ready',
  'room.unready',
  'room.start',
  'room.invite',
  'room.bet',
  'room.bet.respond',
  'room.rematch',
  'room.delete',
  'invitation.respond',
] as const;
export const CommandMessage = z.object({
  type: z.literal('command'),
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.enum(WS_COMMAND_NAMES),
  payload: z._default(z.record(z.string(), z.unknown()), {}),
  idempotencyKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/))),
});
export type CommandMessage = z.infer<typeof CommandMessage>;
export const ClientMessage = z.discriminatedUnion('type', [AuthMessage, SubscribeMessage, UnsubscribeMessage, PingMessage, CommandMessage]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// Server → client
export const SubscribedMessage = z.object({
  type: z.literal('subscribed'),
  channel: Channel,
  version: Version,
  /** The channel's view now (user: WalletView, room: PresentedRoom, match: the match's view), null when none. */
  snapshot: z.unknown(),
});
export const PushMessage = z.object({
  type: z.literal('push'),
  channel: Channel,
  version: Version,
  /** UserChannelEvent, RoomChannelEvent or MatchChannelEvent: which says what `data` is. */
  event: z.string().check(z.minLength(1)),
  data: z.unknown(),
});
export const UnsubscribedMessage = z.object({ type: z.literal('unsubscribed'), channel: Channel });
export const PongMessage = z.object({ type: z.literal('pong') });
export const ErrorMessage = z.object({
  type: z.literal('error'),
  /** A named rejection: unauthorized, forbidden_channel, unknown_channel, invalid_message, a WS_LIMIT_CODES one, ... */
  code: z.string().check(z.minLength(1)),
  message: z.string(),
  channel: z.optional(z.string()),
});
/** The answer to a `command`: `ok` with the REST call's `data`, or the named rejection and its message. */
export const ResultMessage = z.object({
  type: z.literal('result'),
  id: z.string().check(z.minLength(1)),
  ok: z.boolean(),
  data: z.optional(z.unknown()),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type ResultMessage = z.infer<typeof ResultMessage>;
export const ServerMessage = z.discriminatedUnion('type', [
  SubscribedMessage,
  PushMessage,
  UnsubscribedMessage,
  PongMessage,
  ErrorMessage,
  ResultMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/**
 * Push events on `user:<id>`: `wallet` (WalletView, the snapshot's shape), `invitation` (PresentedInvitation[], the
 * same list as GET /api/v1/invitations). Each event is versioned on its own: compare an `invitation` version only
 * with the last `invitation` version (the snapshot's version is the wallet's).
 */
export const UserChannelEvent = z.enum(['wallet', 'invitation']);
export type UserChannelEvent = z.infer<typeof UserChannelEvent>;

/**
 * `view` on `match:<id>` (the single-player match's HangmanView) and on `match:<id>:<userId>` (that player's
 * DuelView or CrazyView), after every change; the snapshot is the same view.
 */
export const MatchChannelEvent = z.enum(['view']);
export type MatchChannelEvent = z.infer<typeof MatchChannelEvent>;

/** `room` on `room:<code>`: the PresentedRoom (the room view with player names), after every change. */
export const RoomChannelEvent = z.enum(['room']);
export type RoomChannelEvent = z.infer<typeof RoomChannelEvent>;
