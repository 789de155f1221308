/**
 * docs/realtime.md, rendered from the zod schemas the socket speaks: the messages of @qal/events' ws.ts, the
 * payloads of the commands (the same schemas the gateway parses them with) and the views each channel carries.
 * `npm run docs:realtime` writes it; a test fails when the committed file is not what this renders. The prose is
 * here too: only the schemas are generated, the words around them are written by hand.
 */
import {
  ArcadeView,
  ClientMessage,
  CrazyView,
  DuelView,
  HangmanPlayAnswer,
  HangmanView,
  InvitationAnswer,
  MatchViewAnswer,
  OtherGameView,
  PresentedInvitation,
  PresentedRoom,
  RoomAnswer,
  RoomMatchView,
  RoomStartAnswer,
  ServerMessage,
  WalletView,
  WS_CLOSE_POLICY,
  WS_CLOSE_TOO_SLOW,
  WS_CLOSE_UNAUTHORIZED,
  WS_LIMIT_CODES,
  WS_PATH,
  TEST_WS_PATH,
  type CommandMessage,
  type MatchChannelEvent,
  type RoomChannelEvent,
  type UserChannelEvent,
} from '@qal/events';
import { z } from 'zod';
import { LIMITS } from '../config.ts';
import { MatchIdParam, MoveBody, PlayHangmanBody } from '../games/game-commands.ts';
import { jsonSchemaOf, toJsonSchema, type AnySchema, type JsonSchema } from '../http/route-schema.ts';
import { WS_LIMITS } from '../realtime/ws-limits.ts';
import { WS_SESSION_RECHECK_MS } from '../realtime/ws-route.ts';
import { AnswerBody, BetBody, CreateRoomBody, InvitationIdParam, InviteBody, JoinRoomBody } from '../rooms/room-commands.ts';

export const REALTIME_DOCS_PATH = 'docs/realtime.md';

type CommandName = CommandMessage['name'];
type Direction = 'input' | 'output';

/** The references a command's payload carries, as the socket's command runner reads them. */
const MatchRef = z.object({ matchId: MatchIdParam });
const RoomRef = z.object({ code: z.string().meta({ description: 'The room code (any case; spaces trimmed)' }) });
const InvitationRef = z.object({ invitationId: InvitationIdParam });

interface CommandDoc {
  readonly summary: string;
  readonly payload: AnySchema;
  readonly answer: AnySchema;
}

const roomCommand = (summary: string, payload: AnySchema = RoomRef): CommandDoc => ({ summary, payload, answer: RoomAnswer });

/** Every command the socket runs; the REST call it mirrors answers the same `data`. */
const COMMANDS: Record<CommandName, CommandDoc> = {
  'hangman.play': {
    summary: 'Start a paid Hangman game (POST /api/v1/games/hangman/play).',
    payload: PlayHangmanBody,
    answer: HangmanPlayAnswer,
  },
  'match.move': {
    summary: 'Make a move in a match (POST /api/v1/matches/{matchId}/moves): the match id and the move, side by side.',
    payload: z.intersection(MatchRef, MoveBody),
    answer: MatchViewAnswer,
  },
  'match.view': {
    summary: 'Read a match as the caller sees it (GET /api/v1/matches/{matchId}).',
    payload: MatchRef,
    answer: MatchViewAnswer,
  },
  'room.create': { summary: 'Create a room (POST /api/v1/rooms).', payload: CreateRoomBody, answer: RoomAnswer },
  'room.join': roomCommand('Join a room, with its password if it has one.', z.intersection(RoomRef, JoinRoomBody)),
  'room.leave': roomCommand('Leave a room.'),
  'room.ready': roomCommand('Say one is ready.'),
  'room.unready': roomCommand('Say one is not ready after all.'),
  'room.start': { summary: 'Start the match (the host).', payload: RoomRef, answer: RoomStartAnswer },
  'room.invite': roomCommand('Invite a player by username.', z.intersection(RoomRef, InviteBody)),
  'room.bet': roomCommand('Propose a bet (tokens per player).', z.intersection(RoomRef, BetBody)),
  'room.bet.respond': roomCommand('Accept or decline the proposed bet.', z.intersection(RoomRef, AnswerBody)),
  'room.rematch': roomCommand('Play again with the same players.'),
  'room.delete': roomCommand('Delete the room (the host).'),
  'invitation.respond': {
    summary: 'Accept (join the room) or decline an invitation; a decline answers `{ room: null }`.',
    payload: z.intersection(InvitationRef, AnswerBody),
    answer: InvitationAnswer,
  },
};

/** Each command's payload as JSON Schema (what a client sends): the same schemas, for tools that write commands (the fuzzer). */
export function commandPayloadSchemas(): Record<CommandName, JsonSchema> {
  const entries = Object.entries(COMMANDS) as [CommandName, CommandDoc][];
  return Object.fromEntries(entries.map(([name, doc]) => [name, jsonSchemaOf(doc.payload, 'input')])) as Record<CommandName, JsonSchema>;
}

const CLIENT_MESSAGES: Record<ClientMessage['type'], string> = {
  auth: 'The first message of every socket: the session token. Not answered on success (the socket is open for the rest).',
  subscribe: 'Follow a channel. Answered by `subscribed` with the channel’s snapshot, or an `error` naming the channel.',
  unsubscribe: 'Stop following a channel. Answered by `unsubscribed`.',
  ping: 'Ask for a `pong` (an application-level check; the server also sends websocket pings of its own).',
  command: 'Run one of the commands below. Answered by a `result` with the same `id`.',
};

const SERVER_MESSAGES: Record<ServerMessage['type'], string> = {
  subscribed: 'The channel is followed: `snapshot` is its view now (null when there is none) at `version`.',
  push: 'Something changed on a followed channel: `event` names what `data` is (see Channels).',
  unsubscribed: 'The channel is no longer followed.',
  pong: 'The answer to `ping`.',
  error:
    'A refusal that is not a command’s: `unauthorized`, `invalid_message`, `forbidden_channel`, `unknown_channel`, `internal_error`, one of the limits’ codes…',
  result:
    'The answer to a `command`: `ok` with the REST call’s `data`, or `ok: false` with the rejection’s `code`, `message` and details in `data`.',
};

interface ChannelDoc {
  readonly name: string;
  readonly who: string;
  readonly snapshot: AnySchema;
  readonly events: Readonly<Record<string, { readonly when: string; readonly data: AnySchema }>>;
}

const USER_EVENTS: Record<UserChannelEvent, ChannelDoc['events'][string]> = {
  wallet: { when: 'The wallet changed (a game paid, a bonus, a purchase, a hold).', data: WalletView },
  invitation: {
    when: 'The pending invitations changed: the whole list, as GET /api/v1/invitations lists them. Compare its version only with earlier `invitation` versions.',
    data: z.array(PresentedInvitation),
  },
};
const ROOM_EVENTS: Record<RoomChannelEvent, ChannelDoc['events'][string]> = {
  room: { when: 'The room changed (players, readiness, presence, bet, status, settlement).', data: PresentedRoom },
};
const SINGLE_PLAYER_VIEW = z.union([HangmanView, ArcadeView]);
const ROOM_PLAYER_VIEW = z.union([RoomMatchView, OtherGameView]);
const singleEvents: Record<MatchChannelEvent, ChannelDoc['events'][string]> = {
  view: { when: 'After every change of the match.', data: SINGLE_PLAYER_VIEW },
};
const privateEvents: Record<MatchChannelEvent, ChannelDoc['events'][string]> = {
  view: { when: 'After every change of the match, as this player sees it (a setter’s word reaches nobody else).', data: ROOM_PLAYER_VIEW },
};

const CHANNELS: readonly ChannelDoc[] = [
  { name: 'user:<userId>', who: 'that user only.', snapshot: WalletView, events: USER_EVENTS },
  { name: 'room:<code>', who: 'the room’s players and the players invited to it.', snapshot: PresentedRoom, events: ROOM_EVENTS },
  {
    name: 'match:<matchId>',
    who: 'the player of a single-player match (Hangman or an arcade game).',
    snapshot: SINGLE_PLAYER_VIEW,
    events: singleEvents,
  },
  {
    name: 'match:<matchId>:<userId>',
    who: 'that player only, in a room’s match (the word duel, Crazy, or another room game of the engine).',
    snapshot: ROOM_PLAYER_VIEW,
    events: privateEvents,
  },
];

const INTRODUCTION = `# Realtime protocol (websocket)

<!-- Generated by \`npm run docs:realtime\` from services/gateway/src/docs/realtime-docs.ts: edit that file, not this one. -->

The websocket keeps a client current without polling: the wallet, pending invitations, rooms and matches are pushed
as they change, and the game and room operations of the REST API can be sent over the same socket. The HTTP API is
described at \`/api/docs\` (OpenAPI); every command below answers with the same \`data\` as its REST call.

Each message is one JSON object in a text frame, with a \`type\`. A client subscribes to **channels**; the server
answers with a **snapshot** of the channel's view and then **pushes** an event after every change. Every snapshot and
push carries a \`version\` (the event-store position of the change): ignore a push whose version is not above the one
you hold, and subscribe again for a fresh snapshot if you suspect a gap (e.g. after reconnecting).`;

function connecting(): string {
  return `## Connecting

- Open \`${WS_PATH}\` on the server's origin (\`wss://\` behind TLS), then send \`{ "type": "auth", "token": "<session token>" }\`
  as the first message. The token is the bearer token of \`POST /api/v1/auth/verify-otp\` or \`POST /api/v1/auth/refresh\`.
  It travels inside the socket rather than in its address, where proxies and access logs would keep it; a
  \`?token=\` in the address is refused (\`ws_token_in_url\`, close **${WS_CLOSE_UNAUTHORIZED}**), whatever follows.
- Other messages may follow \`auth\` at once: the ones sent while the token is being checked wait, then are handled in
  order; a socket's messages are always handled one at a time, in the order sent.
- A first message other than \`auth\`, no good \`auth\` within ${WS_LIMITS.authTimeoutMs / 1000} s, or a missing, unknown, expired or revoked
  token is answered by an \`error\` with code \`unauthorized\`, then the socket closes with code **${WS_CLOSE_UNAUTHORIZED}**.
- Signing out or refreshing the token closes its sockets at once, the same way, and so does the session's expiry when
  it comes. After a refresh, open a new socket with the new token and subscribe again.
- The session is checked again before every \`subscribe\`, and before a \`command\` once ${WS_SESSION_RECHECK_MS / 1000} s have passed since
  the last check.
- Messages (\`message\` in errors and results) are in the language of the upgrade request's \`Accept-Language\` header,
  else the player's language.
- A frame is at most ${LIMITS.wsMaxMessageBytes} bytes; binary frames are ignored (but count against the message rate). The server sends websocket pings and drops a
  socket that stops answering them (browsers answer on their own).

${limits()}`;
}

function limits(): string {
  const [messages, subscriptions, sockets] = WS_LIMIT_CODES;
  return `### Limits

Over a limit, the server sends an \`error\` naming it, then closes the socket with code **${WS_CLOSE_POLICY}** (policy
violation). Open a new one only after a while (the web client waits a minute, then longer each time), and do not
resend what was refused.

| Limit | Value | Error code |
| --- | --- | --- |
| Messages per socket (a token bucket) | ${WS_LIMITS.messageBurst} at once, then ${WS_LIMITS.messagesPerSec} a second | \`${messages}\` |
| Messages sent before the token is checked | ${WS_LIMITS.maxQueuedBeforeAuth} | \`${messages}\` |
| Messages waiting behind the one being handled | ${WS_LIMITS.maxPendingMessages} | \`${messages}\` |
| Channels followed by one socket | ${WS_LIMITS.maxSubscriptionsPerSocket} | \`${subscriptions}\` |
| Open sockets of one player (per gateway process) | ${WS_LIMITS.maxSocketsPerUser} | \`${sockets}\` |

A socket that falls behind reading what it is sent (more than ${WS_LIMITS.maxBufferedBytes / 1024} KiB waiting in its send buffer: a phone that
lost its signal, a tab that stopped reading) is sent nothing more and closed with code **${WS_CLOSE_TOO_SLOW}** (reason
\`too slow\`), without an \`error\`, which could not reach it. That is not a refusal: reconnect at once and subscribe
again; the snapshots carry everything missed.

The test pages' guest socket (\`${TEST_WS_PATH}\`, where the test surface is on) has the same message rate, and the same
cap on open sockets per client address.`;
}

/** The views several messages carry: each is shown once, under Views, and referred to as `{ "$ref": "#<name>" }`. */
const VIEWS = new Map<AnySchema, string>([
  [WalletView, 'WalletView'],
  [PresentedInvitation, 'PresentedInvitation'],
  [PresentedRoom, 'PresentedRoom'],
  [HangmanView, 'HangmanView'],
  [ArcadeView, 'ArcadeView'],
  [DuelView, 'DuelView'],
  [CrazyView, 'CrazyView'],
  [OtherGameView, 'OtherGameView'],
]);
/** GitHub's anchor of a `### \`Name\`` heading. */
const anchorOf = (name: string) => `#${name.toLowerCase()}`;

const schemaBlock = (schema: AnySchema, io: Direction) =>
  ['```json', JSON.stringify(toJsonSchema(schema, io, VIEWS), null, 2), '```'].join('\n');

/** A long schema folds away, so the page reads as a list of messages first; a named view is a link to it. */
function folded(title: string, schema: AnySchema, io: Direction): string {
  const view = VIEWS.get(schema);
  if (view) return `${title}: [\`${view}\`](${anchorOf(view)})`;
  return ['<details>', `<summary>${title}</summary>`, '', schemaBlock(schema, io), '', '</details>'].join('\n');
}

function views(): string {
  const sections = [...VIEWS].map(
    ([schema, name]) =>
      `### \`${name}\`\n\n${['```json', JSON.stringify(toJsonSchema(schema, 'output', VIEWS), null, 2), '```'].join('\n')}`,
  );
  return [
    '## Views',
    'The views the messages above carry; `{ "$ref": "#<name>" }` in a schema stands for the view of that name.',
    ...sections,
  ].join('\n\n');
}

/** The `type` of each variant of a message union, read from the variant's own schema. */
function variantsOf(union: AnySchema): { readonly type: string; readonly schema: AnySchema }[] {
  const options = (union._zod.def as { options?: readonly AnySchema[] }).options ?? [];
  return options.map((schema) => {
    const type = (jsonSchemaOf(schema, 'output').properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (typeof type !== 'string') throw new Error('a websocket message variant without a literal `type`');
    return { type, schema };
  });
}

function messages(title: string, union: AnySchema, descriptions: Record<string, string>, io: Direction): string {
  const sections = variantsOf(union).map(
    ({ type, schema }) => `### \`${type}\`\n\n${descriptions[type] ?? ''}\n\n${folded('Schema', schema, io)}`,
  );
  return [`## ${title}`, ...sections].join('\n\n');
}

function commands(): string {
  const rows = Object.entries(COMMANDS).map(
    ([name, doc]) =>
      `### \`${name}\`\n\n${doc.summary}\n\n${folded('Payload', doc.payload, 'input')}\n\n${folded('Answer (data of an ok result)', doc.answer, 'output')}`,
  );
  return [
    '## Commands',
    'A `command` message names one of these in `name` and carries its `payload`. An `idempotencyKey` works as the ' +
      '`Idempotency-Key` header does over HTTP: a retried command with the same key is answered, not run twice.',
    ...rows,
  ].join('\n\n');
}

function channels(): string {
  const sections = CHANNELS.map((channel) => {
    const events = Object.entries(channel.events).map(
      ([event, doc]) => `#### Event \`${event}\`\n\n${doc.when}\n\n${folded('Data', doc.data, 'output')}`,
    );
    return [`### \`${channel.name}\``, `Who may follow it: ${channel.who}`, folded('Snapshot', channel.snapshot, 'output'), ...events].join(
      '\n\n',
    );
  });
  return [
    '## Channels',
    'A subscription the caller may not follow is refused with `forbidden_channel`; a name no channel kind owns with `unknown_channel`.',
    ...sections,
  ].join('\n\n');
}

/** The whole of docs/realtime.md. */
export function renderRealtimeDocs(): string {
  return (
    [
      INTRODUCTION,
      connecting(),
      messages('Client → server', ClientMessage, CLIENT_MESSAGES, 'input'),
      commands(),
      messages('Server → client', ServerMessage, SERVER_MESSAGES, 'output'),
      channels(),
      views(),
    ].join('\n\n') + '\n'
  );
}
