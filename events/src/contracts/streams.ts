/**
 * The one place the names of the engine's streams and of the websocket channels are spelled. Browser-safe (no
 * imports at all): the client builds its channel names with it too.
 *
 * Streams (event store): `match-<matchId>` (a single-player Hangman game), `room-<code>` (a room), `duel-<matchId>`
 * (a room's word duel), `crazy-<matchId>` (a room's Crazy match), `hangman-plays-<userId>-<day>` (a player's daily plays).
 *
 * Channels (websocket, events/src/contracts/ws.ts): `user:<userId>` (own only: wallet, invitations),
 * `room:<code>` (members and invited players), `match:<matchId>` (a single-player match's player),
 * `match:<matchId>:<userId>` (that player only: their own view of a room's match, word duel or Crazy).
 */

// Streams -------------------------------------------------------------------------------------------------------

export const MATCH_STREAM_PREFIX = 'match-';
export const ROOM_STREAM_PREFIX = 'room-';
export const DUEL_STREAM_PREFIX = 'duel-';
export const CRAZY_STREAM_PREFIX = 'crazy-';
/** A player's single-player plays of one Africa/Addis_Ababa day (the daily limit): the engine's alone. */
export const PLAYS_STREAM_PREFIX = 'hangman-plays-';

/** An arcade game's daily plays of one player (`plays-<game>-<userId>-<day>`): the engine's alone. */
export const ARCADE_PLAYS_STREAM_PREFIX = 'plays-';
/** A player's fairness profile: their client seed and the nonces their games took. */
export const FAIRNESS_STREAM_PREFIX = 'fairness-';
/** What an arcade game remembers of a player's earlier games (`arcade-memory-<game>-<userId>`). */
export const ARCADE_MEMORY_STREAM_PREFIX = 'arcade-memory-';

export const arcadePlaysStreamId = (game: string, userId: string, day: string) => `${ARCADE_PLAYS_STREAM_PREFIX}${game}-${userId}-${day}`;
export const fairnessStreamId = (userId: string) => `${FAIRNESS_STREAM_PREFIX}${userId}`;
export const arcadeMemoryStreamId = (game: string, userId: string) => `${ARCADE_MEMORY_STREAM_PREFIX}${game}-${userId}`;

/** A single-player game's stream (Hangman's, and every arcade game's: `match-<game>.<uuid>`). */
export const matchStreamId = (matchId: string) => `${MATCH_STREAM_PREFIX}${matchId}`;
export const roomStreamId = (code: string) => `${ROOM_STREAM_PREFIX}${code}`;
/** A room's word duel. */
export const duelStreamId = (matchId: string) => `${DUEL_STREAM_PREFIX}${matchId}`;
/** A room's Crazy match. */
export const crazyStreamId = (matchId: string) => `${CRAZY_STREAM_PREFIX}${matchId}`;
export const playsStreamId = (userId: string, day: string) => `${PLAYS_STREAM_PREFIX}${userId}-${day}`;

/** The kinds of match stream: single-player Hangman, and a room's games (views per player). */
export type MatchStreamKind = 'hangman' | 'duel' | 'crazy';
export const MATCH_STREAM_PREFIXES: readonly (readonly [prefix: string, kind: MatchStreamKind])[] = [
  [MATCH_STREAM_PREFIX, 'hangman'],
  [DUEL_STREAM_PREFIX, 'duel'],
  [CRAZY_STREAM_PREFIX, 'crazy'],
];

const suffixOf = (value: string, prefix: string): string | null =>
  value.startsWith(prefix) && value.length > prefix.length ? value.slice(prefix.length) : null;

/** The room code of a room stream (`room-<code>`), or null. The code is not checked: see RoomCodeSchema. */
export const roomCodeOfStream = (streamId: string): string | null => suffixOf(streamId, ROOM_STREAM_PREFIX);

/** The match of a match stream (`match-`, `duel-` or `crazy-<matchId>`) and its kind, or null. */
export function matchOfStream(streamId: string): { readonly kind: MatchStreamKind; readonly matchId: string } | null {
  for (const [prefix, kind] of MATCH_STREAM_PREFIXES) {
    const matchId = suffixOf(streamId, prefix);
    if (matchId !== null) return { kind, matchId };
  }
  return null;
}

// Channels ------------------------------------------------------------------------------------------------------

export const USER_CHANNEL_PREFIX = 'user:';
export const ROOM_CHANNEL_PREFIX = 'room:';
export const MATCH_CHANNEL_PREFIX = 'match:';

/** `user:<userId>`: the user's wallet and pending invitations (its owner only). */
export const userChannel = (userId: string) => `${USER_CHANNEL_PREFIX}${userId}`;
/** `room:<code>`: the room with player names (its members and invited players). */
export const roomChannel = (code: string) => `${ROOM_CHANNEL_PREFIX}${code}`;
/** `match:<matchId>`: a single-player match's view (its player only). */
export const matchChannel = (matchId: string) => `${MATCH_CHANNEL_PREFIX}${matchId}`;
/** `match:<matchId>:<userId>`: that player's own view of a room's match, word duel or Crazy (that player only). */
export const privateMatchChannel = (matchId: string, userId: string) => `${MATCH_CHANNEL_PREFIX}${matchId}:${userId}`;

export type ParsedChannel =
  | { readonly kind: 'user'; readonly userId: string }
  | { readonly kind: 'room'; readonly code: string }
  | { readonly kind: 'match'; readonly matchId: string }
  | { readonly kind: 'private_match'; readonly matchId: string; readonly userId: string };

/** The user of `user:<userId>`, or null. */
export const userOfChannel = (channel: string): string | null => suffixOf(channel, USER_CHANNEL_PREFIX);
/** The room code of `room:<code>`, or null. The code is not checked: see RoomCodeSchema. */
export const roomCodeOfChannel = (channel: string): string | null => suffixOf(channel, ROOM_CHANNEL_PREFIX);

/**
 * `match:<matchId>` (userId null) or `match:<matchId>:<userId>`; null when the channel is no match channel. A match
 * id holds no `:`, so the last one splits off the user.
 */
export function parseMatchChannel(channel: string): { readonly matchId: string; readonly userId: string | null } | null {
  const rest = suffixOf(channel, MATCH_CHANNEL_PREFIX);
  if (rest === null) return null;
  const split = rest.lastIndexOf(':');
  return split <= 0 ? { matchId: rest, userId: null } : { matchId: rest.slice(0, split), userId: rest.slice(split + 1) };
}

/** Any channel by its kind; null for a name no kind owns. */
export function parseChannel(channel: string): ParsedChannel | null {
  const userId = userOfChannel(channel);
  if (userId !== null) return { kind: 'user', userId };
  const code = roomCodeOfChannel(channel);
  if (code !== null) return { kind: 'room', code };
  const match = parseMatchChannel(channel);
  if (match === null) return null;
  return match.userId === null
    ? { kind: 'match', matchId: match.matchId }
    : { kind: 'private_match', matchId: match.matchId, userId: match.userId };
}
