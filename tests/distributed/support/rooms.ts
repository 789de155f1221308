/**
 * Room matches in the fault scenarios (the word duel, Crazy and the Codebreaker race in the distributed mode), whatever the game: players whose
 * requests go to alternating gateways, each following `room:<code>` and `match:<matchId>:<me>` on the OTHER
 * gateway's websocket. The host creates a room with an entry fee, the others join by code, the second player
 * proposes a bet everyone else accepts, all ready (fee and stake held in the match escrow), the host starts once
 * its room push shows everyone ready and the bet agreed, and the match is played to its end: each player moves
 * only when the latest view it has (a push, a snapshot, its own move's answer, or a re-read after a silent
 * channel) says it has something to do, and the game's player (duel.ts, crazy.ts) chooses the move. Every command
 * goes through `exactlyOnce`: settled with its Idempotency-Key, then repeated through the other gateway.
 */
import { WebSocket } from 'ws';
import type { Cluster } from './cluster.ts';
import { expectSuccess, type Player } from './client.ts';
import { arrive, exactlyOnce, WELCOME_GRANT, type Journey } from './journey.ts';

/** A channel silent this long while a player waits: it re-reads its view over HTTP, as the client does after a gap. */
const SILENT_CHANNEL_MS = 8_000;
const PLAY_TIMEOUT_MS = 240_000;

/**
 * What the room machinery needs of any room match's view (the word duel's, Crazy's and the Codebreaker race's all have
 * it): a player's status is `left` once they are out of the match (each game names its other statuses).
 */
export interface MatchView {
  readonly matchId: string;
  readonly status: 'playing' | 'finished';
  readonly players?: readonly { readonly id: string; readonly status: string }[];
}

/** A game as the scenarios play it in a room: its settings, and what only the game knows about its views. */
export interface RoomGame<V extends MatchView> {
  readonly game: 'hangman' | 'crazy' | 'codebreaker';
  readonly gameDuration: 'normal' | 'rush';
  readonly entryFee: number;
  readonly stake: number;
  /** The duel's language (Crazy and the race have none). */
  readonly language?: 'en' | 'am';
  /** The match's stream (`<prefix><matchId>`) and the event that ends the match there. */
  readonly streamPrefix: string;
  readonly finishedEvent: string;
  /**
   * Move refusals that are an outcome when the game moved on without the mover: a turn timed out while the
   * fault held the move up (the engine's turn timer keeps running while the bus is down), or, after 3 such
   * timeouts in a row, the mover is out of the match (`not_your_match`). The scenario prints them.
   */
  readonly movedOn: ReadonlySet<string>;
  winnersOf(view: V): readonly string[];
  /** The more advanced of two views of one match (either may be null). */
  newer(a: V | null, b: V | null): V | null;
  /** How the match went, for the scenario's output (players named by `name`). */
  describe(final: V, name: (id: string) => string): string;
  /** The game's own checks once the match is over (winners, what its rules conserve). */
  expectFinal(cluster: Cluster, room: RoomJourney<V>): Promise<void>;
}

/** One player's choices in a match, from its own latest view. */
export interface MatchMover<V extends MatchView> {
  /** Its turn (or something it may do out of turn) according to the view. */
  hasMoveNow(view: V): boolean;
  /** The move for a view where hasMoveNow() holds, and a label for its requests. */
  next(view: V): { readonly label: string; readonly move: Record<string, unknown> };
}

/** One room match of a scenario, and what it came to. */
export interface RoomJourney<V extends MatchView = MatchView> {
  readonly label: string;
  readonly game: RoomGame<V>;
  /** The host first; player i sends through gateway i % 2. */
  readonly players: readonly Journey[];
  readonly host: Journey;
  readonly followers: Map<string, ChannelFollower>;
  code: string;
  matchId: string;
  /** The host's view once the match is over. */
  final: V | null;
  moves: number;
  /** From the first player's start of play to the last one's seeing the end. */
  playedMs: number;
  /** Views re-read over HTTP after a silent channel. */
  resyncs: number;
  /** Moves refused because the game had moved on (RoomGame.movedOn), as `who label: code`. */
  movedOn: string[];
  /** The winners of the final view. */
  winners(): readonly string[];
  /** What each wallet gets from the pot (entry fees and stakes, less the rake) once the match is over (winners from the final view). */
  payoutTo(userId: string): number;
  /** `host`, `player 2`, … for the output. */
  nameOf(userId: string): string;
}

/**
 * The house's rake as the rooms decider takes it (docs/product-rules.md, "Rooms"; the engine's config.ts): this
 * percent of the entry fees plus this percent of the stakes, rounded down once.
 */
export const ROOM_RAKE_PERCENT_OF_FEES = 10;
export const ROOM_RAKE_PERCENT_OF_BETS = 0;

/** The rake on a pot of `fees` and `stakes`; the whole pot when nobody is left to win. */
export function rakeOf(fees: number, stakes: number, winners: readonly string[]): number {
  if (winners.length === 0) return fees + stakes;
  return Math.floor((fees * ROOM_RAKE_PERCENT_OF_FEES + stakes * ROOM_RAKE_PERCENT_OF_BETS) / 100);
}

/**
 * The pot's split as the rooms decider makes it: the entry fees and stakes less the rake, in equal shares, the
 * remainder to the first finisher.
 */
export function payoutsOf(fees: number, stakes: number, winners: readonly string[]): Map<string, number> {
  const payouts = new Map<string, number>();
  if (winners.length === 0) return payouts;
  const prize = fees + stakes - rakeOf(fees, stakes, winners);
  const share = Math.floor(prize / winners.length);
  winners.forEach((id, i) => payouts.set(id, share + (i === 0 ? prize - share * winners.length : 0)));
  return payouts;
}

/**
 * A player's websocket on one gateway following several channels: it reconnects to the other gateway when its
 * socket drops and subscribes to every channel again (fresh snapshots); a refused subscription (a match not
 * readable yet) is tried again. Keeps the newest data per channel by version.
 */
export class ChannelFollower {
  private socket: WebSocket | null = null;
  private closed = false;
  private readonly channels = new Set<string>();
  private readonly latest = new Map<string, { version: number; data: unknown }>();
  private readonly waiters = new Set<() => void>();
  readonly connections: number[] = [];
  pushes = 0;
  refusedSubscriptions = 0;

  constructor(
    private readonly cluster: Cluster,
    private readonly player: Player,
    public gateway: number,
  ) {}

  async connect(): Promise<void> {
    for (let attempt = 1; !this.closed; attempt += 1) {
      try {
        await this.open(this.gateway);
        return;
      } catch {
        this.gateway = 1 - this.gateway;
        await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 100 * attempt)));
      }
    }
  }

  follow(channel: string): void {
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    if (this.socket) this.subscribe(this.socket, channel);
  }

  data<T>(channel: string): T | null {
    return (this.latest.get(channel)?.data as T | undefined) ?? null;
  }

  /** Until the channel's data passes `check`; null after `timeoutMs` of waiting. */
  async waitFor<T>(channel: string, check: (data: T) => boolean, timeoutMs: number): Promise<T | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const data = this.data<T>(channel);
      if (data !== null && check(data)) return data;
      if (Date.now() > deadline || this.closed) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 250);
        this.waiters.add(wake);
      });
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  private subscribe(socket: WebSocket, channel: string): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'subscribe', channel }));
  }

  private keep(channel: string, version: number, data: unknown, snapshot: boolean): void {
    const known = this.latest.get(channel);
    if (known && (snapshot ? version < known.version : version <= known.version)) return;
    this.latest.set(channel, { version, data });
    for (const wake of [...this.waiters]) wake();
  }

  private open(gateway: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.cluster.gatewayUrl(gateway).replace('http', 'ws')}/ws`);
      let opened = false;
      socket.once('open', () => {
        opened = true;
        // The token goes in the first message; the subscriptions after it wait on the gateway until it is checked.
        socket.send(JSON.stringify({ type: 'auth', token: this.player.token }));
        this.socket = socket;
        this.connections.push(gateway);
        for (const channel of this.channels) this.subscribe(socket, channel);
        resolve();
      });
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as {
          type: string;
          channel?: string;
          version?: number;
          snapshot?: unknown;
          data?: unknown;
        };
        const channel = message.channel ?? '';
        if (message.type === 'subscribed' && typeof message.version === 'number')
          this.keep(channel, message.version, message.snapshot, true);
        else if (message.type === 'push' && typeof message.version === 'number') {
          this.pushes += 1;
          this.keep(channel, message.version, message.data, false);
        } else if (message.type === 'error' && this.channels.has(channel)) {
          // e.g. a match that is not readable yet on this gateway: ask again in a moment
          this.refusedSubscriptions += 1;
          setTimeout(() => {
            if (this.socket === socket) this.subscribe(socket, channel);
          }, 500);
        }
      });
      socket.once('error', (error) => {
        if (!opened) reject(error);
      });
      socket.once('close', () => {
        if (!opened) {
          reject(new Error('closed before opening'));
          return;
        }
        if (this.socket === socket) this.socket = null;
        if (!this.closed) {
          this.gateway = 1 - gateway; // its gateway went away: the other one
          void this.connect();
        }
      });
    });
  }
}

export interface RoomView {
  readonly code: string;
  readonly status: string;
  readonly matchId: string;
  readonly players: readonly { readonly id: string; readonly status: string }[];
  readonly bet: null | { readonly proposalId: string; readonly amount: number; readonly status: string; readonly pot: number };
}

export const roomChannel = (code: string) => `room:${code}`;
export const matchChannel = (matchId: string, userId: string) => `match:${matchId}:${userId}`;

/**
 * Signs in the players of a room (host first; player i sends through its own gateway), each with its wallet
 * channel and its room follower on the other gateway. Call before the fault, as the other players arrive.
 */
export async function arriveForRoom<V extends MatchView>(
  cluster: Cluster,
  label: string,
  game: RoomGame<V>,
  players: readonly Player[],
): Promise<RoomJourney<V>> {
  if (players.length < 2) throw new Error(`${label}: a room match needs at least 2 players`);
  const expected = (player: Player) => () => WELCOME_GRANT - game.entryFee - game.stake + room.payoutTo(player.userId);
  const journeys = await Promise.all(
    players.map((player) => arrive(cluster, player, { kind: 'room', clearRejections: game.movedOn, expectedBalance: expected(player) })),
  );
  const followers = new Map<string, ChannelFollower>();
  for (const player of players) {
    const follower = new ChannelFollower(cluster, player, 1 - player.gateway);
    await follower.connect();
    followers.set(player.userId, follower);
  }
  const room: RoomJourney<V> = {
    label,
    game,
    players: journeys,
    host: journeys[0]!,
    followers,
    code: '',
    matchId: '',
    final: null,
    moves: 0,
    playedMs: 0,
    resyncs: 0,
    movedOn: [],
    winners() {
      return room.final ? game.winnersOf(room.final) : [];
    },
    payoutTo(userId) {
      if (!room.final) throw new Error(`${label}: the match has no final view`);
      return payoutsOf(game.entryFee * journeys.length, game.stake * journeys.length, room.winners()).get(userId) ?? 0;
    },
    nameOf(userId) {
      const seat = journeys.findIndex((j) => j.player.userId === userId);
      return seat === 0 ? 'host' : seat > 0 ? (journeys.length === 2 ? 'guest' : `player ${seat + 1}`) : userId;
    },
  };
  return room;
}

/** Create, join, bet, accept, ready, start: through exactlyOnce, the host waiting for the room push before the start. */
export async function setUpRoom(room: RoomJourney): Promise<void> {
  const { host, players, game } = room;
  const guests = players.slice(1);
  const settings = {
    roomName: `Fault ${room.label}`,
    game: game.game,
    maxPlayers: players.length,
    gameDuration: game.gameDuration,
    entryFee: game.entryFee,
    ...(game.language ? { language: game.language } : {}),
  };
  const created = await exactlyOnce(host, 'room create', '/rooms', settings, ['room.code', 'room.matchId']);
  const createdRoom = created.body.data?.room as RoomView;
  room.code = createdRoom.code;
  for (const journey of players) room.followers.get(journey.player.userId)!.follow(roomChannel(room.code));
  await Promise.all(guests.map((journey) => exactlyOnce(journey, 'room join', `/rooms/${room.code}/join`, {}, ['room.code'])));
  // the first guest proposes; everyone else (host included) accepts
  const [proposer] = guests;
  await exactlyOnce(proposer!, 'room bet', `/rooms/${room.code}/bets`, { amount: game.stake }, ['room.bet.proposalId']);
  const accepting = players.filter((journey) => journey !== proposer);
  await Promise.all(
    accepting.map((journey) =>
      exactlyOnce(journey, 'room bet accept', `/rooms/${room.code}/bets/respond`, { accept: true }, ['room.bet.proposalId']),
    ),
  );
  await Promise.all(players.map((journey) => exactlyOnce(journey, 'room ready', `/rooms/${room.code}/ready`, undefined, ['room.code'])));
  // the host starts when its room channel shows everyone ready and the bet agreed (its own answer knows only itself)
  const startable = (r: RoomView) =>
    r.players.length === players.length && r.players.every((p) => p.status === 'ready') && r.bet?.status === 'agreed';
  await roomUntil(room, host, startable, 'everyone ready and the bet agreed');
  const started = await exactlyOnce(host, 'room start', `/rooms/${room.code}/start`, undefined, ['matchId']);
  room.matchId = String(started.body.data?.matchId);
  if (room.matchId !== createdRoom.matchId)
    throw new Error(`${room.label}: started ${room.matchId}, the room's match is ${createdRoom.matchId}`);
}

/**
 * The room as a player's room channel shows it once `check` holds; a channel silent for a while is backed by
 * re-reads over HTTP (the read model may lag a moment behind an answer, so a few).
 */
async function roomUntil(room: RoomJourney, journey: Journey, check: (r: RoomView) => boolean, what: string): Promise<RoomView> {
  const follower = room.followers.get(journey.player.userId)!;
  const deadline = Date.now() + 60_000;
  let last: RoomView | null = null;
  for (;;) {
    const pushed = await follower.waitFor<RoomView>(roomChannel(room.code), check, SILENT_CHANNEL_MS);
    if (pushed) return pushed;
    room.resyncs += 1;
    last = await readRoom(journey.player, room.code);
    if (check(last)) return last;
    if (Date.now() > deadline) throw new Error(`${room.label}: ${journey.player.name} never saw ${what}: ${JSON.stringify(last)}`);
  }
}

async function readRoom(player: Player, code: string): Promise<RoomView> {
  const answer = await player.settle('room read', 'GET', `/rooms/${code}`);
  expectSuccess(answer, `${player.name} room read`);
  return answer.body.data?.room as RoomView;
}

/** The player's own view of the match, read over HTTP. */
export async function readMatchView<V extends MatchView>(player: Player, matchId: string): Promise<V> {
  const answer = await player.settle('match read', 'GET', `/matches/${matchId}`);
  expectSuccess(answer, `${player.name} match read`);
  return answer.body.data?.view as V;
}

/** Every player plays (its mover choosing) until its view says the match is over; the host's final view is kept. */
export async function playRoom<V extends MatchView>(room: RoomJourney<V>, moverFor: (journey: Journey) => MatchMover<V>): Promise<void> {
  const started = Date.now();
  await Promise.all(room.players.map((journey) => playAs(room, journey, moverFor(journey))));
  room.playedMs = Date.now() - started;
  const finals = await Promise.all(room.players.map((j) => readMatchView<V>(j.player, room.matchId)));
  room.final = finals[0]!;
  if (finals.some((f) => f.status !== 'finished'))
    throw new Error(`${room.label}: a player's view is not finished: ${JSON.stringify(finals)}`);
}

async function playAs<V extends MatchView>(room: RoomJourney<V>, journey: Journey, mover: MatchMover<V>): Promise<void> {
  const { player } = journey;
  const follower = room.followers.get(player.userId)!;
  // each learns the start from its room channel (only the host has an answer of its own that says so)
  const roomNow = await roomUntil(room, journey, (r) => r.status !== 'waiting', 'the match started');
  if (roomNow.matchId !== room.matchId)
    throw new Error(`${room.label}: ${player.name} sees the room on match ${roomNow.matchId}, not ${room.matchId}`);
  const channel = matchChannel(room.matchId, player.userId);
  follower.follow(channel);
  const deadline = Date.now() + PLAY_TIMEOUT_MS;
  const newer = (a: V | null, b: V | null) => room.game.newer(a, b);
  const isOut = (v: V) => v.players?.some((p) => p.id === player.userId && p.status === 'left') === true;
  const actionable = (v: V) => v.status === 'finished' || isOut(v) || mover.hasMoveNow(v);
  let view: V | null = null;
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`${room.label}: ${player.name} did not see the match end; last view ${JSON.stringify(view)}`);
    view = newer(view, follower.data<V>(channel));
    if (!view || !actionable(view)) {
      const pushed = await follower.waitFor<V>(channel, (v) => actionable(newer(view, v)!), SILENT_CHANNEL_MS);
      if (pushed) view = newer(view, pushed);
      else {
        room.resyncs += 1;
        view = newer(view, await readMatchView<V>(player, room.matchId));
      }
      if (!actionable(view!)) continue;
    }
    const current = view!;
    if (current.status === 'finished') return;
    if (isOut(current)) {
      room.movedOn.push(`${player.name} out of the match after timeouts`);
      return;
    }
    const { label, move } = mover.next(current);
    const answer = await exactlyOnce(journey, label, `/matches/${room.matchId}/moves`, move, ['view.matchId']);
    if (answer.status === 200) {
      room.moves += 1;
      view = newer(view, answer.body.data?.view as V);
    } else {
      room.movedOn.push(`${room.nameOf(player.userId)} ${label}: ${answer.body.code}`);
      view = newer(view, await readMatchView<V>(player, room.matchId));
    }
  }
}

/** Set up, then play to the end. */
export async function roomJourney<V extends MatchView>(
  room: RoomJourney<V>,
  play: (room: RoomJourney<V>) => Promise<void>,
): Promise<RoomJourney<V>> {
  await setUpRoom(room);
  await play(room);
  return room;
}

/** Turns of the match that timed out (the engine's timer), e.g. a move held up by the fault past the turn timer. */
export async function turnsTimedOut(cluster: Cluster, room: RoomJourney): Promise<number> {
  const { rows } = await cluster.db.query<{ n: number }>(
    `select count(*)::int as n from eventstore.events where stream_id = $1 and type = 'TurnTimedOut'`,
    [`${room.game.streamPrefix}${room.matchId}`],
  );
  return rows[0]?.n ?? 0;
}

/** One line per room for the scenario's output. */
export function describeRoom(room: RoomJourney): string {
  const how = room.final ? room.game.describe(room.final, (id) => room.nameOf(id)) : '?';
  const followers = [...room.followers.values()];
  return (
    `${room.game.game} room ${room.code}: ${room.moves} moves in ${(room.playedMs / 1000).toFixed(1)} s (${how}); winners ${
      room
        .winners()
        .map((id) => room.nameOf(id))
        .join(', ') || 'none'
    }; ` +
    `pushes ${followers.map((f) => f.pushes).join('/')}, websocket gateways ${followers.map((f) => f.connections.map((g) => g + 1).join('→')).join(', ')}, ` +
    `re-reads after a silent channel ${room.resyncs}, moves the game moved past ${room.movedOn.length ? room.movedOn.join('; ') : 0}`
  );
}

/**
 * The room's requests under way while a fault lasted (sent before its end, ended after its start): how many, and
 * the ones that met it (no answer, a timeout, or a second or more to answer) as `who label: outcome in seconds`.
 * A scenario asserts there are some, so the room cannot pass by being early or late.
 */
export function roomTriesDuring(room: RoomJourney, from: number, to: number): { count: number; met: string[] } {
  const tries = room.players.flatMap((journey) =>
    journey.player.attempts
      .filter((a) => a.sentAt <= to && a.endedAt >= from)
      .map((a) => ({ who: room.nameOf(journey.player.userId), ...a })),
  );
  const met = tries
    .filter((a) => a.status !== 200 || a.endedAt - a.sentAt >= 1_000)
    .map((a) => `${a.who} ${a.label}: ${a.status}${a.code ? ` ${a.code}` : ''} in ${((a.endedAt - a.sentAt) / 1000).toFixed(1)} s`);
  return { count: tries.length, met };
}

export function closeRoom(room: RoomJourney): void {
  for (const follower of room.followers.values()) follower.close();
  for (const journey of room.players) journey.player.push?.close();
}
