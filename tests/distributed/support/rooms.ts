/**
 * A room match in the fault scenarios (issue 5 in the distributed mode): two players whose requests go to
 * different gateways, each following `room:<code>` and `match:<matchId>:<me>` on the OTHER gateway's websocket.
 * The host creates a room with an entry fee, the guest joins by code and proposes a bet, the host accepts, both
 * ready (fee and stake held in the match escrow), the host starts once the room push shows everyone ready and
 * the bet agreed, and the duel is played to its end: each player moves only when the latest view it has (a
 * push, a snapshot, its own move's answer, or a re-read after a silent channel) says it is its turn. Every
 * command goes through `exactlyOnce`: settled with its Idempotency-Key, then repeated through the other gateway.
 *
 * The plan: the first seat sets PLAN_WORDS[0], the second PLAN_WORDS[1], each guesser guesses the letters of the
 * word in order, so the solver of the longer word wins. A turn that times out under a fault only changes the
 * scores: the checks take the winners from the final view and derive the pot's payout from them.
 */
import { WebSocket } from 'ws';
import type { Cluster } from './cluster.ts';
import { expectSuccess, type Answer, type Player } from './client.ts';
import { arrive, exactlyOnce, WELCOME_GRANT, type Journey } from './journey.ts';

export const ROOM_ENTRY_FEE = 10;
export const ROOM_STAKE = 10;
/** Set in seat order; distinct letters keep the duel short (3 guesses each). */
export const PLAN_WORDS = ['banana', 'cat'] as const;
/**
 * Move refusals that are an outcome when the game moved on without the mover: a turn timed out while the fault
 * held the move up (the engine's turn timer keeps running while the bus is down), or, after 3 such timeouts in a
 * row, the mover is out of the match (`not_your_match`). The scenario prints them.
 */
const MOVED_ON = new Set(['not_your_turn', 'not_setting_phase', 'not_the_setter', 'not_guessing_phase', 'game_over', 'not_your_match']);
/** A channel silent this long while a player waits: it re-reads its view over HTTP, as the client does after a gap. */
const SILENT_CHANNEL_MS = 8_000;
const PLAY_TIMEOUT_MS = 240_000;

export interface DuelView {
  readonly matchId: string;
  readonly status: 'playing' | 'finished';
  readonly phase: 'setting' | 'guessing' | 'round_over' | 'finished';
  readonly round: number;
  readonly setterId: string | null;
  readonly currentPlayerId: string | null;
  readonly turn: number;
  readonly guessed: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  readonly players?: readonly { readonly id: string; readonly status: 'playing' | 'left' }[];
  readonly lastRounds?: readonly { readonly setterId: string; readonly word: string | null; readonly outcome: string; readonly solvedBy?: string }[];
  readonly winners?: readonly string[];
}

export interface RoomView {
  readonly code: string;
  readonly status: string;
  readonly matchId: string;
  readonly players: readonly { readonly id: string; readonly status: string }[];
  readonly bet: null | { readonly proposalId: string; readonly amount: number; readonly status: string; readonly pot: number };
}

/** One room match of a scenario, and what it came to. */
export interface RoomJourney {
  readonly label: string;
  readonly host: Journey;
  readonly guest: Journey;
  readonly followers: Map<string, ChannelFollower>;
  code: string;
  matchId: string;
  /** The word each player set (by user id). */
  readonly words: Map<string, string>;
  final: DuelView | null;
  moves: number;
  /** Views re-read over HTTP after a silent channel. */
  resyncs: number;
  /** Moves refused because the game had moved on (MOVED_ON). */
  movedOn: string[];
  /** What each wallet gets from the pot once the match is over (winners from the final view). */
  payoutTo(userId: string): number;
}

/** The pot's split as the rooms decider makes it (rake 0): equal shares, the remainder to the first finisher. */
export function payoutsOf(pot: number, winners: readonly string[]): Map<string, number> {
  const payouts = new Map<string, number>();
  if (winners.length === 0) return payouts;
  const share = Math.floor(pot / winners.length);
  winners.forEach((id, i) => payouts.set(id, share + (i === 0 ? pot - share * winners.length : 0)));
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
      const url = `${this.cluster.gatewayUrl(gateway).replace('http', 'ws')}/ws?token=${encodeURIComponent(this.player.token)}`;
      const socket = new WebSocket(url);
      let opened = false;
      socket.once('open', () => {
        opened = true;
        this.socket = socket;
        this.connections.push(gateway);
        for (const channel of this.channels) this.subscribe(socket, channel);
        resolve();
      });
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string; channel?: string; version?: number; snapshot?: unknown; data?: unknown };
        const channel = message.channel ?? '';
        if (message.type === 'subscribed' && typeof message.version === 'number') this.keep(channel, message.version, message.snapshot, true);
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

const roomChannel = (code: string) => `room:${code}`;
const matchChannel = (matchId: string, userId: string) => `match:${matchId}:${userId}`;

/** The more advanced of two views of one duel: finished beats playing; else the higher turn counter. */
const newer = (a: DuelView | null, b: DuelView | null): DuelView | null => {
  if (!a || !b) return a ?? b;
  if ((a.status === 'finished') !== (b.status === 'finished')) return a.status === 'finished' ? a : b;
  return b.turn > a.turn ? b : a;
};

/**
 * Signs in the two players of a room (host first; each sends through its own gateway), each with its wallet
 * channel and its room follower on the other gateway. Call before the fault, as the other players arrive.
 */
export async function arriveForRoom(cluster: Cluster, label: string, players: readonly [Player, Player]): Promise<RoomJourney> {
  const expected = (userId: () => string) => () => WELCOME_GRANT - ROOM_ENTRY_FEE - ROOM_STAKE + room.payoutTo(userId());
  const [hostPlayer, guestPlayer] = players;
  const [host, guest] = await Promise.all([
    arrive(cluster, hostPlayer, { clearRejections: MOVED_ON, expectedBalance: expected(() => hostPlayer.userId) }),
    arrive(cluster, guestPlayer, { clearRejections: MOVED_ON, expectedBalance: expected(() => guestPlayer.userId) }),
  ]);
  const followers = new Map<string, ChannelFollower>();
  for (const player of players) {
    const follower = new ChannelFollower(cluster, player, 1 - player.gateway);
    await follower.connect();
    followers.set(player.userId, follower);
  }
  const room: RoomJourney = {
    label,
    host,
    guest,
    followers,
    code: '',
    matchId: '',
    words: new Map(),
    final: null,
    moves: 0,
    resyncs: 0,
    movedOn: [],
    payoutTo(userId) {
      if (!room.final) throw new Error(`${label}: the match has no final view`);
      return payoutsOf(ROOM_STAKE * 2, room.final.winners ?? []).get(userId) ?? 0;
    },
  };
  return room;
}

/** Create, join, bet, accept, ready, start: through exactlyOnce, the host waiting for the room push before the start. */
export async function setUpRoom(room: RoomJourney): Promise<void> {
  const { host, guest } = room;
  const created = await exactlyOnce(host, 'room create', '/rooms', { roomName: `Fault ${room.label}`, game: 'hangman', maxPlayers: 2, gameDuration: 'normal', entryFee: ROOM_ENTRY_FEE, language: 'en' }, ['room.code', 'room.matchId']);
  const createdRoom = created.body.data?.room as RoomView;
  room.code = createdRoom.code;
  for (const journey of [host, guest]) room.followers.get(journey.player.userId)!.follow(roomChannel(room.code));
  await exactlyOnce(guest, 'room join', `/rooms/${room.code}/join`, {}, ['room.code']);
  await exactlyOnce(guest, 'room bet', `/rooms/${room.code}/bets`, { amount: ROOM_STAKE }, ['room.bet.proposalId']);
  await exactlyOnce(host, 'room bet accept', `/rooms/${room.code}/bets/respond`, { accept: true }, ['room.bet.proposalId']);
  await Promise.all([host, guest].map((journey) => exactlyOnce(journey, 'room ready', `/rooms/${room.code}/ready`, undefined, ['room.code'])));
  // the host starts when its room channel shows both ready and the bet agreed (its own answer knows only itself)
  const startable = (r: RoomView) => r.players.length === 2 && r.players.every((p) => p.status === 'ready') && r.bet?.status === 'agreed';
  await roomUntil(room, host, startable, 'both ready and the bet agreed');
  const started = await exactlyOnce(host, 'room start', `/rooms/${room.code}/start`, undefined, ['matchId']);
  room.matchId = String(started.body.data?.matchId);
  if (room.matchId !== createdRoom.matchId) throw new Error(`${room.label}: started ${room.matchId}, the room's match is ${createdRoom.matchId}`);
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

async function readView(player: Player, matchId: string): Promise<DuelView> {
  const answer = await player.settle('match read', 'GET', `/matches/${matchId}`);
  expectSuccess(answer, `${player.name} match read`);
  return answer.body.data?.view as DuelView;
}

/** Both players play until their views say the match is over. */
export async function playRoom(room: RoomJourney): Promise<void> {
  const seats = new Map<string, string>();
  await Promise.all([room.host, room.guest].map((journey) => playAs(room, journey, seats)));
  const finals = await Promise.all([room.host, room.guest].map((j) => readView(j.player, room.matchId)));
  room.final = finals[0]!;
  if (finals.some((f) => f.status !== 'finished')) throw new Error(`${room.label}: a player's view is not finished: ${JSON.stringify(finals)}`);
}

/** The whole room journey: set up, then play to the end. */
export async function roomJourney(room: RoomJourney): Promise<RoomJourney> {
  await setUpRoom(room);
  await playRoom(room);
  return room;
}

async function playAs(room: RoomJourney, journey: Journey, seats: Map<string, string>): Promise<void> {
  const { player } = journey;
  const follower = room.followers.get(player.userId)!;
  // each learns the start from its room channel (the guest has no answer of its own that says so)
  const roomNow = await roomUntil(room, journey, (r) => r.status !== 'waiting', 'the match started');
  if (roomNow.matchId !== room.matchId) throw new Error(`${room.label}: ${player.name} sees the room on match ${roomNow.matchId}, not ${room.matchId}`);
  const channel = matchChannel(room.matchId, player.userId);
  follower.follow(channel);
  const deadline = Date.now() + PLAY_TIMEOUT_MS;
  let view: DuelView | null = null;
  let actedOnTurn = -1;
  const myTurn = (v: DuelView) =>
    v.status === 'finished' || (v.turn !== actedOnTurn && v.currentPlayerId === player.userId && (v.phase === 'setting' || v.phase === 'guessing'));
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${room.label}: ${player.name} did not see the match end; last view ${JSON.stringify(view)}`);
    view = newer(view, follower.data<DuelView>(channel));
    if (!view || !myTurn(view)) {
      const pushed = await follower.waitFor<DuelView>(channel, (v) => myTurn(newer(view, v)!), SILENT_CHANNEL_MS);
      if (pushed) view = newer(view, pushed);
      else {
        room.resyncs += 1;
        view = newer(view, await readView(player, room.matchId));
      }
      if (!myTurn(view!)) continue;
    }
    if (view!.status === 'finished') return;
    if (view!.players?.some((p) => p.id === player.userId && p.status === 'left')) {
      room.movedOn.push(`${player.name} out of the match after timeouts`);
      return;
    }
    const current = view!;
    let answer: Answer;
    if (current.phase === 'setting') {
      const seat = seats.size;
      const word = seats.get(player.userId) ?? PLAN_WORDS[seat % PLAN_WORDS.length]!;
      seats.set(player.userId, word);
      room.words.set(player.userId, word);
      answer = await exactlyOnce(journey, `round ${current.round} set word`, `/matches/${room.matchId}/moves`, { type: 'set_word', word }, ['view.matchId']);
    } else {
      const word = room.words.get(current.setterId ?? '') ?? '';
      const letter = [...new Set(word)].find((l) => !current.guessed.includes(l));
      if (!letter) throw new Error(`${room.label}: ${player.name} has nothing to guess in ${JSON.stringify(current)}`);
      answer = await exactlyOnce(journey, `round ${current.round} guess ${letter}`, `/matches/${room.matchId}/moves`, { type: 'guess', letter }, ['view.matchId']);
    }
    actedOnTurn = current.turn;
    if (answer.status === 200) {
      room.moves += 1;
      view = newer(view, answer.body.data?.view as DuelView);
    } else {
      room.movedOn.push(`${player.name} turn ${current.turn}: ${answer.body.code}`);
      view = newer(view, await readView(player, room.matchId));
    }
  }
}

/** Turns of the duel that timed out (the engine's timer), e.g. a move held up by the fault past the turn timer. */
export async function turnsTimedOut(cluster: Cluster, room: RoomJourney): Promise<number> {
  const { rows } = await cluster.db.query<{ n: number }>(`select count(*)::int as n from eventstore.events where stream_id = $1 and type = 'TurnTimedOut'`, [
    `duel-${room.matchId}`,
  ]);
  return rows[0]?.n ?? 0;
}

/** One line per room for the scenario's output. */
export function describeRoom(room: RoomJourney): string {
  const name = (id: string) => (id === room.host.player.userId ? 'host' : id === room.guest.player.userId ? 'guest' : id);
  const final = room.final;
  const rounds = final?.lastRounds?.map((r) => `${name(r.setterId)} set ${r.word ?? '-'}: ${r.outcome}`).join('; ') ?? '?';
  const scores = final ? Object.entries(final.scores).map(([id, s]) => `${name(id)} ${s}`).join(', ') : '?';
  const followers = [...room.followers.values()];
  return (
    `room ${room.code}: ${room.moves} moves (${rounds}); scores ${scores}; winners ${(final?.winners ?? []).map(name).join(', ') || 'none'}; ` +
    `pushes ${followers.map((f) => f.pushes).join('/')}, websocket gateways ${followers.map((f) => f.connections.map((g) => g + 1).join('→')).join(' and ')}, ` +
    `re-reads after a silent channel ${room.resyncs}, moves the game moved past ${room.movedOn.length ? room.movedOn.join('; ') : 0}`
  );
}

/**
 * The room's requests under way while a fault lasted (sent before its end, ended after its start): how many, and
 * the ones that met it (no answer, a timeout, or a second or more to answer) as `who label: outcome in seconds`.
 * A scenario asserts there are some, so the room cannot pass by being early or late.
 */
export function roomTriesDuring(room: RoomJourney, from: number, to: number): { count: number; met: string[] } {
  const tries = [room.host, room.guest].flatMap((journey) =>
    journey.player.attempts.filter((a) => a.sentAt <= to && a.endedAt >= from).map((a) => ({ who: journey === room.host ? 'host' : 'guest', ...a })),
  );
  const met = tries
    .filter((a) => a.status !== 200 || a.endedAt - a.sentAt >= 1_000)
    .map((a) => `${a.who} ${a.label}: ${a.status}${a.code ? ` ${a.code}` : ''} in ${((a.endedAt - a.sentAt) / 1000).toFixed(1)} s`);
  return { count: tries.length, met };
}

export function closeRoom(room: RoomJourney): void {
  for (const follower of room.followers.values()) follower.close();
  room.host.player.push?.close();
  room.guest.player.push?.close();
}
