/**
 * The players of `npm run bench:rooms` (bench/src/rooms.ts starts this file as a child process): 4 websocket
 * clients per room, in a process of their own so that parsing every push of 4 R sockets does not run on the
 * platform's event loop (real players are on their own phones).
 *
 * Per room, over `/ws` commands only: the host creates the room (entry fee left out: the minimum), the others join
 * by code, everyone follows `room:<code>`, everyone readies, the host starts; each player learns the match from the
 * `room` push and follows `match:<matchId>:<me>`. Once every room is there, the parent says `go` and the duels are
 * played: a player moves only when its latest view says it is its turn (the setter sets the room's next word, a
 * guesser guesses the most frequent English letter not guessed yet).
 *
 * Measured: from a `match.move` sent to the first view pushed to each OTHER player of the room that shows that move
 * (a guess of L in round r: round r with L among `guessed`, or a later round, or the match over; a set word: round
 * r past its setting phase, a later round, or over). Every such (move, other player) pair is one sample.
 *
 * A timed run (RunRequest.window, as `npm run bench:versus` asks for) plays for a warm-up, then measures the moves
 * sent in a window of fixed length: a room whose duel is over opens a new room with the same players and plays on.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { BenchUser, ClientsMessage, LatencySample, ParentMessage, RunReport, RunRequest, WindowReport } from './rooms-protocol.ts';

/** English letters by how often they occur in dictionary words: guessers try them in this order. */
const LETTER_ORDER = 'esiarntolcdupmghbyfvkwzxqj';
/** A room whose views have not moved for this long re-reads them (`match.view`), as a client does after a gap. */
const STALL_RESYNC_MS = 15_000;
/** Nothing moved in any room for this long: the run is stuck, and says so rather than hang. */
const RUN_STALL_ABORT_MS = 120_000;
/** Setup that finished no room for this long is reported hung (where each room is) rather than waited for. */
const SETUP_STALL_ABORT_MS = 60_000;
/** A player refused this many moves in a row stops moving (the room is then reported stuck). */
const REFUSALS_MAX = 10;
/** A fresh match may not be readable for a moment after the start: subscription retries. */
const SUBSCRIBE_ATTEMPTS = 20;
/** Setup commands that time out are sent again (same idempotency key) up to this many times in all. */
const SETUP_TIMEOUT_ATTEMPTS = 3;
/** Sockets opened at once. */
const CONNECT_CONCURRENCY = 50;
/** Timed runs: how long after the window the views of its moves are still waited for. */
const WINDOW_GRACE_MS = 10_000;

const epoch = (at: number) => performance.timeOrigin + at;

interface DuelViewLite {
  readonly status: 'playing' | 'finished';
  readonly round: number;
  readonly phase: 'setting' | 'guessing' | 'finished';
  readonly currentPlayerId: string | null;
  readonly turn: number;
  readonly guessed: readonly string[];
  readonly lastRounds: readonly { readonly round: number; readonly outcome: 'solved' | 'failed' | 'skipped' }[];
}

interface RoomLite {
  readonly code: string;
  readonly status: string;
  readonly matchId: string | null;
}

interface ResultMessage {
  readonly type: 'result';
  readonly id: string;
  readonly ok: boolean;
  readonly data?: unknown;
  readonly code?: string;
  readonly message?: string;
}

type Listener = (channel: string, version: number, data: unknown, at: number) => void;

class Refused extends Error {
  constructor(
    readonly command: string,
    readonly code: string,
    detail: string,
  ) {
    super(`${command} refused: ${code} ${detail}`);
  }
}

/** One websocket client: commands with their results, subscriptions with their snapshots, pushes to a listener. */
class Client {
  private socket: WebSocket | null = null;
  private nextId = 0;
  private readonly results = new Map<string, (message: ResultMessage) => void>();
  private readonly subscriptions = new Map<
    string,
    { resolve: (s: { version: number; snapshot: unknown; at: number }) => void; reject: (e: Error) => void }
  >();
  /** Push listeners by channel. */
  readonly listeners = new Map<string, Listener>();
  private readonly keyPrefix = randomUUID().slice(0, 8);

  constructor(readonly user: BenchUser) {}

  get userId() {
    return this.user.userId;
  }

  connect(base: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
      // The token goes in the first message; what follows waits on the server until it is checked.
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'auth', token: this.user.token }));
        resolve();
      });
      socket.once('error', reject);
      socket.on('message', (raw) => {
        const at = performance.now();
        const message = JSON.parse(raw.toString()) as {
          type: string;
          id?: string;
          channel?: string;
          version?: number;
          data?: unknown;
          snapshot?: unknown;
          code?: string;
          message?: string;
        };
        switch (message.type) {
          case 'push':
            this.listeners.get(message.channel!)?.(message.channel!, message.version!, message.data, at);
            return;
          case 'result':
            this.results.get(message.id!)?.(message as ResultMessage);
            this.results.delete(message.id!);
            return;
          case 'subscribed': {
            const waiting = this.subscriptions.get(message.channel!);
            this.subscriptions.delete(message.channel!);
            waiting?.resolve({ version: message.version!, snapshot: message.snapshot, at });
            return;
          }
          case 'error': {
            const waiting = message.channel ? this.subscriptions.get(message.channel) : undefined;
            if (waiting) {
              this.subscriptions.delete(message.channel!);
              waiting.reject(new Refused(`subscribe ${message.channel}`, message.code ?? 'error', message.message ?? ''));
            } else console.error(`  ws error for ${this.userId}: ${message.code} ${message.message}`);
            return;
          }
        }
      });
      this.socket = socket;
    });
  }

  /** Sends a command; resolves with its result (ok or refused) and when it was sent. */
  send(
    name: string,
    payload: Record<string, unknown>,
    id = `c-${this.userId.slice(0, 8)}-${++this.nextId}`,
    idempotencyKey?: string,
  ): { id: string; sentAt: number; result: Promise<ResultMessage & { at: number }> } {
    const result = new Promise<ResultMessage & { at: number }>((resolve) => {
      this.results.set(id, (message) => resolve({ ...message, at: performance.now() }));
    });
    const sentAt = performance.now();
    this.socket!.send(JSON.stringify({ type: 'command', id, name, payload, ...(idempotencyKey ? { idempotencyKey } : {}) }));
    return { id, sentAt, result };
  }

  /**
   * A command that must succeed (setup): its data, or a thrown refusal. One that timed out (a busy machine) is sent
   * again with the same idempotency key, which answers with the first one's outcome if it did happen.
   */
  async must<T>(name: string, payload: Record<string, unknown>): Promise<T> {
    const id = `c-${this.userId.slice(0, 8)}-${++this.nextId}`;
    // unique to this client (a user's ids repeat in the next run: the same key would answer with that run's outcome)
    const key = `${this.keyPrefix}:${id}`;
    for (let attempt = 1; ; attempt++) {
      const result = await this.send(name, payload, id, key).result;
      if (result.ok) return result.data as T;
      if (result.code !== 'command_timeout' || attempt >= SETUP_TIMEOUT_ATTEMPTS)
        throw new Refused(name, result.code ?? '?', result.message ?? '');
    }
  }

  subscribe(channel: string, listener: Listener): Promise<{ version: number; snapshot: unknown; at: number }> {
    this.listeners.set(channel, listener);
    return new Promise((resolve, reject) => {
      this.subscriptions.set(channel, { resolve, reject });
      this.socket!.send(JSON.stringify({ type: 'subscribe', channel }));
    });
  }

  /** Stops following a channel (a finished duel's room and match). */
  unsubscribe(channel: string) {
    this.listeners.delete(channel);
    this.socket!.send(JSON.stringify({ type: 'unsubscribe', channel }));
  }

  close() {
    this.socket?.close();
  }
}

/** Later in the match: by turn, then round, phase, letters guessed, over. */
function progressOf(view: DuelViewLite): number[] {
  return [
    view.turn,
    view.round,
    view.phase === 'setting' ? 0 : view.phase === 'guessing' ? 1 : 2,
    view.guessed.length,
    view.status === 'finished' ? 1 : 0,
  ];
}
function isNewer(a: number[], b: number[] | null): boolean {
  if (!b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

interface Move {
  readonly id: string;
  readonly sentAt: number;
  readonly round: number;
  readonly letter: string | null;
  /** Seats still to receive a view that shows it. */
  readonly pending: Set<number>;
  /** Its views are samples (a timed run: sent in the window). */
  readonly measured: boolean;
  /** Other players that saw it so far. */
  seen: number;
}

/** Whether `view` already shows `move`. */
function shows(view: DuelViewLite, move: Move): boolean {
  if (view.status === 'finished' || view.round > move.round) return true;
  if (view.round < move.round) return false;
  return move.letter === null ? view.phase !== 'setting' : view.guessed.includes(move.letter);
}

interface Totals {
  moves: number;
  refused: number;
  refusals: Record<string, number>;
  samples: LatencySample[];
  resultMs: number[];
  resyncs: number;
  lastProgressAt: number;
  measuring: boolean;
  /** Players move (a timed run stops them at the window's end). */
  sending: boolean;
  /** Timed runs: the window (performance.now() ms), and what it saw. */
  timed: boolean;
  windowStart: number;
  windowEnd: number;
  win: {
    sent: number;
    seen: number;
    seenByAll: number;
    dropped: number;
    duelsStarted: number;
    duelsStartedInWindow: number;
    restartFailures: string[];
  };
  duelsFinished: number;
}

class Seat {
  view: DuelViewLite | null = null;
  progress: number[] | null = null;
  version = -1;
  inFlight = false;
  refusals = 0;
  done = false;
  /** Waiting out its think time before the move it is about to make. */
  thinking: NodeJS.Timeout | null = null;
  /** Its think time for the next move is over. */
  thought = false;

  constructor(
    readonly index: number,
    readonly client: Client,
  ) {}

  /** Before the next duel. */
  reset() {
    if (this.thinking) clearTimeout(this.thinking);
    this.thinking = null;
    this.thought = false;
    this.view = null;
    this.progress = null;
    this.version = -1;
    this.inFlight = false;
    this.refusals = 0;
    this.done = false;
  }

  accept(view: DuelViewLite): boolean {
    const progress = progressOf(view);
    if (!isNewer(progress, this.progress)) return false;
    this.view = view;
    this.progress = progress;
    return true;
  }
}

class Room {
  readonly seats: Seat[];
  code = '';
  matchId = '';
  private started: Promise<string>;
  private markStarted!: (matchId: string) => void;
  private readonly outstanding: Move[] = [];
  private wordCursor = 0;
  private moveNo = 0;
  private go = false;
  /** Seeded think times, so runs are comparable. */
  private random: number;
  /** Which duel of this room's players (timed runs play on). */
  private duel = 1;
  private restarting = false;
  private readonly finished: Promise<void>;
  private markFinished!: () => void;
  lastProgressAt = 0;
  result: DuelViewLite | null = null;
  /** Where the room's setup is, for a report when it hangs. */
  step = 'not started';

  constructor(
    readonly label: string,
    readonly index: number,
    clients: readonly Client[],
    private readonly words: readonly string[],
    private readonly totals: Totals,
    private readonly think: { readonly minMs: number; readonly maxMs: number },
  ) {
    this.seats = clients.map((client, i) => new Seat(i, client));
    this.random = (index + 1) * 2_654_435_761;
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.finished = new Promise((resolve) => (this.markFinished = resolve));
  }

  get host() {
    return this.seats[0]!.client;
  }

  private onRoom = (channel: string, _version: number, data: unknown) => {
    const room = data as RoomLite | null;
    if (channel !== `room:${this.code}`) return; // a late push of the previous duel's room
    if (room && room.status !== 'waiting' && room.matchId) this.markStarted(room.matchId);
  };

  /** Create, join by code, follow the room, ready (one player after the other, as people do). */
  async setUp() {
    this.step = 'create';
    const created = await this.host.must<{ room: RoomLite }>('room.create', {
      roomName: `Bench ${this.label} ${this.index + 1}${this.duel > 1 ? `.${this.duel}` : ''}`,
      game: 'hangman',
      maxPlayers: this.seats.length,
      gameDuration: 'normal',
      language: 'en',
    });
    this.code = created.room.code;
    for (const seat of this.seats) {
      this.step = `join ${seat.index}`;
      if (seat.index > 0) await seat.client.must('room.join', { code: this.code });
      this.step = `subscribe room ${seat.index}`;
      await seat.client.subscribe(`room:${this.code}`, this.onRoom);
    }
    for (const seat of this.seats) {
      this.step = `ready ${seat.index}`;
      await seat.client.must('room.ready', { code: this.code });
    }
    this.step = 'ready';
  }

  /** The host starts; every player hears it on the room channel and follows its own view of the match. */
  async start() {
    this.step = 'start';
    const { matchId } = await this.host.must<{ matchId: string }>('room.start', { code: this.code });
    this.step = `room push of the start (match ${matchId})`;
    this.matchId = await this.started;
    this.step = 'follow match';
    await Promise.all(this.seats.map((seat) => this.follow(seat)));
    this.step = 'started';
  }

  private async follow(seat: Seat) {
    const matchId = this.matchId;
    const channel = `match:${matchId}:${seat.client.userId}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const { version, snapshot } = await seat.client.subscribe(channel, (_c, v, data, at) => {
          if (matchId === this.matchId) this.onView(seat, v, data as DuelViewLite, at);
        });
        if (snapshot) {
          seat.version = Math.max(seat.version, version);
          seat.accept(snapshot as DuelViewLite);
          return;
        }
      } catch (error) {
        if (attempt >= SUBSCRIBE_ATTEMPTS || !(error instanceof Refused)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  play(): Promise<void> {
    this.go = true;
    this.lastProgressAt = performance.now();
    for (const seat of this.seats) this.maybeMove(seat);
    return this.finished;
  }

  private onView(seat: Seat, version: number, view: DuelViewLite, at: number) {
    if (version <= seat.version) return;
    seat.version = version;
    for (let i = 0; i < this.outstanding.length; i++) {
      const move = this.outstanding[i]!;
      if (!move.pending.has(seat.index) || !shows(view, move)) continue;
      move.pending.delete(seat.index);
      if (this.totals.measuring && move.measured) {
        move.seen += 1;
        if (this.totals.timed && move.seen === 1) this.totals.win.seen += 1;
        if (this.totals.timed && move.pending.size === 0) this.totals.win.seenByAll += 1;
        this.totals.samples.push({
          moveId: move.id,
          channel: `match:${this.matchId}:${seat.client.userId}`,
          version,
          sentAt: epoch(move.sentAt),
          receivedAt: epoch(at),
        });
      }
      if (move.pending.size === 0) this.outstanding.splice(i--, 1);
    }
    if (seat.accept(view)) this.progressed(seat);
  }

  private progressed(seat: Seat) {
    this.lastProgressAt = performance.now();
    this.totals.lastProgressAt = this.lastProgressAt;
    const view = seat.view!;
    if (view.status === 'finished') {
      seat.done = true;
      this.result = view;
      if (this.seats.every((s) => s.done)) {
        this.totals.duelsFinished += 1;
        this.markFinished();
        if (this.totals.timed && this.totals.sending) void this.nextDuel();
      }
      return;
    }
    this.maybeMove(seat);
  }

  private maybeMove(seat: Seat) {
    const view = seat.view;
    if (
      !this.go ||
      !this.totals.sending ||
      this.restarting ||
      seat.inFlight ||
      seat.done ||
      !view ||
      view.status !== 'playing' ||
      view.currentPlayerId !== seat.client.userId
    )
      return;
    if (seat.refusals >= REFUSALS_MAX) return;
    if (this.think.maxMs > 0 && !seat.thought) {
      seat.thinking ??= setTimeout(() => {
        seat.thinking = null;
        seat.thought = true;
        this.maybeMove(seat);
      }, this.thinkTime());
      return;
    }
    seat.thought = false;
    const letter = view.phase === 'setting' ? null : ([...LETTER_ORDER].find((l) => !view.guessed.includes(l)) ?? null);
    if (view.phase !== 'setting' && letter === null) return;
    const payload =
      letter === null
        ? { matchId: this.matchId, type: 'set_word', word: this.words[(this.index * 4 + this.wordCursor++) % this.words.length]! }
        : { matchId: this.matchId, type: 'guess', letter };
    const id = `mv-${this.label}-${this.index}-${++this.moveNo}`;
    seat.inFlight = true;
    const sent = seat.client.send('match.move', payload, id);
    const measured = !this.totals.timed || (sent.sentAt >= this.totals.windowStart && sent.sentAt < this.totals.windowEnd);
    const move: Move = {
      id,
      sentAt: sent.sentAt,
      round: view.round,
      letter,
      pending: new Set(this.seats.filter((s) => s !== seat && !s.done).map((s) => s.index)),
      measured,
      seen: 0,
    };
    if (this.totals.timed && measured) this.totals.win.sent += 1;
    this.outstanding.push(move);
    const duel = this.duel;
    void sent.result.then(async (result) => {
      // The last move of a duel may be answered after its push ended the duel and the seat was reset for the next
      // one: its view (the duel over) would end the new duel for this seat.
      if (duel !== this.duel) return;
      seat.inFlight = false;
      if (result.ok) {
        seat.refusals = 0;
        this.totals.moves += 1;
        if (measured) this.totals.resultMs.push(result.at - sent.sentAt);
        const mine = (result.data as { view?: DuelViewLite } | undefined)?.view;
        if (mine && seat.accept(mine)) this.progressed(seat);
        else this.maybeMove(seat);
        return;
      }
      // Refused: nothing was appended, so nobody will see it. Re-read the view and carry on from it.
      const index = this.outstanding.indexOf(move);
      if (index >= 0) this.outstanding.splice(index, 1);
      seat.refusals += 1;
      this.totals.refused += 1;
      const code = result.code ?? '?';
      this.totals.refusals[code] = (this.totals.refusals[code] ?? 0) + 1;
      await this.resync(seat);
    });
  }

  /** A think time: uniform between its bounds (a linear congruential generator). */
  private thinkTime(): number {
    this.random = (Math.imul(this.random, 1_103_515_245) + 12_345) >>> 0;
    return this.think.minMs + (this.think.maxMs - this.think.minMs) * (this.random / 2 ** 32);
  }

  /**
   * Timed runs: the duel is over, so the same 4 players open a new room and play another (the peer's rooms start a
   * new round for ever). The finished duel's channels are left; its views still owed are counted as never seen.
   */
  private async nextDuel() {
    if (this.restarting) return;
    this.restarting = true;
    const now = performance.now();
    const win = this.totals.win;
    win.duelsStarted += 1;
    if (now >= this.totals.windowStart && now < this.totals.windowEnd) win.duelsStartedInWindow += 1;
    for (const move of this.outstanding) if (move.measured) win.dropped += move.pending.size;
    this.outstanding.length = 0;
    for (const seat of this.seats) {
      seat.client.unsubscribe(`room:${this.code}`);
      seat.client.unsubscribe(`match:${this.matchId}:${seat.client.userId}`);
      seat.reset();
    }
    this.code = '';
    this.matchId = '';
    this.result = null;
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.duel += 1;
    this.lastProgressAt = now;
    try {
      await this.setUp();
      await this.start();
    } catch (error) {
      win.restartFailures.push(`room ${this.index} duel ${this.duel}: ${error instanceof Error ? error.message : String(error)}`);
      return; // stays restarting: the room stops
    }
    this.restarting = false;
    this.lastProgressAt = performance.now();
    for (const seat of this.seats) this.maybeMove(seat);
  }

  /** (move sent in the window, other player) pairs still waiting for a view. */
  pendingMeasured(): number {
    return this.outstanding.reduce((sum, move) => sum + (move.measured ? move.pending.size : 0), 0);
  }

  /** Reads the seat's view again (after a refusal or a stall) and moves if it is its turn. */
  async resync(seat: Seat) {
    const result = await seat.client.send('match.view', { matchId: this.matchId }).result;
    const view = (result.data as { view?: DuelViewLite } | undefined)?.view;
    if (result.ok && view && seat.accept(view)) this.progressed(seat);
    else this.maybeMove(seat);
  }

  async resyncIfStalled(now: number) {
    if (this.restarting || this.seats.every((s) => s.done) || now - this.lastProgressAt < STALL_RESYNC_MS) return;
    this.lastProgressAt = now;
    this.totals.resyncs += 1;
    await Promise.all(this.seats.map((seat) => this.resync(seat)));
  }

  /** Each seat's last view and state, for a report when the room hangs. */
  describe(): string {
    const seatOf = (id: string | null | undefined) => this.seats.findIndex((s) => s.client.userId === id);
    const seats = this.seats.map((s) => {
      const v = s.view;
      const view = v
        ? `${v.status}/${v.phase} round ${v.round} turn ${v.turn} current seat ${seatOf(v.currentPlayerId)} guessed ${v.guessed.join('')}`
        : 'no view';
      return `seat ${s.index}: ${view}, v${s.version}${s.inFlight ? ', move in flight' : ''}${s.refusals ? `, ${s.refusals} refusals in a row` : ''}${s.done ? ', done' : ''}`;
    });
    return `${this.code} (match ${this.matchId}): ${seats.join('; ')}`;
  }

  /** (move, other player) pairs still waiting for a view. */
  missingViews(): number {
    return this.outstanding.reduce((sum, move) => sum + move.pending.size, 0);
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

let goSignal: (() => void) | null = null;

async function run(request: RunRequest): Promise<RunReport> {
  const setupStarted = performance.now();
  const clients = request.users.slice(0, request.rooms * 4).map((user) => new Client(user));
  if (clients.length < request.rooms * 4) throw new Error(`${request.rooms} rooms need ${request.rooms * 4} users, got ${clients.length}`);
  const bases = request.bases && request.bases.length > 0 ? request.bases : [request.base];
  const seats = clients.map((client, i) => ({ client, base: bases[i % bases.length]! }));
  await pool(seats, CONNECT_CONCURRENCY, ({ client, base }) => client.connect(base));
  const totals: Totals = {
    moves: 0,
    refused: 0,
    refusals: {},
    samples: [],
    resultMs: [],
    resyncs: 0,
    lastProgressAt: 0,
    measuring: false,
    sending: true,
    timed: request.window !== undefined,
    windowStart: 0,
    windowEnd: 0,
    win: { sent: 0, seen: 0, seenByAll: 0, dropped: 0, duelsStarted: 0, duelsStartedInWindow: 0, restartFailures: [] },
    duelsFinished: 0,
  };
  const think = request.think ?? { minMs: request.thinkMs * 0.5, maxMs: request.thinkMs * 1.5 };
  const rooms = Array.from(
    { length: request.rooms },
    (_, i) => new Room(request.label, i, clients.slice(i * 4, i * 4 + 4), request.words, totals, think),
  );
  try {
    // Every room is waiting with 4 ready players before any starts, and every match is started before any is played.
    // Setup of many rooms takes minutes on a busy machine: say how far it got now and then.
    let setUp = 0;
    let started = 0;
    let lastCount = -1;
    let lastChange = performance.now();
    let hung: ((error: Error) => void) | null = null;
    const hang = new Promise<never>((_, reject) => (hung = reject));
    const progress = setInterval(() => {
      const now = performance.now();
      console.log(
        `  [${request.label}] setup ${((now - setupStarted) / 1000).toFixed(0)} s: ${setUp}/${rooms.length} rooms ready, ${started} started`,
      );
      if (setUp + started !== lastCount) {
        lastCount = setUp + started;
        lastChange = now;
      } else if (now - lastChange > SETUP_STALL_ABORT_MS) {
        const steps = new Map<string, string[]>();
        for (const room of rooms)
          if (room.step !== 'ready' && room.step !== 'started')
            steps.set(room.step, [...(steps.get(room.step) ?? []), room.code || `#${room.index}`]);
        hung?.(
          new Error(
            `setup hung: ${[...steps].map(([step, codes]) => `${codes.length} at "${step}" (${codes.slice(0, 5).join(', ')})`).join('; ')}`,
          ),
        );
      }
    }, 30_000);
    try {
      await Promise.race([
        hang,
        (async () => {
          await pool(rooms, request.setupConcurrency, async (room) => {
            await room.setUp();
            setUp += 1;
          });
          await pool(rooms, request.setupConcurrency, async (room) => {
            await room.start();
            started += 1;
          });
        })(),
      ]);
    } finally {
      clearInterval(progress);
    }
    const setupMs = performance.now() - setupStarted;

    const go = new Promise<void>((resolve) => (goSignal = resolve));
    send({ type: 'ready' });
    await go;
    totals.measuring = true;
    const cpuAtGo = process.cpuUsage();
    const playStarted = performance.now();
    totals.lastProgressAt = playStarted;
    if (request.window) {
      totals.windowStart = playStarted + request.window.warmupS * 1000;
      totals.windowEnd = totals.windowStart + request.window.durationS * 1000;
    }
    let stalled: string | null = null;
    const watchdog = setInterval(() => {
      const now = performance.now();
      if (now - totals.lastProgressAt > RUN_STALL_ABORT_MS) stalled = `no room moved for ${RUN_STALL_ABORT_MS / 1000} s`;
      for (const room of rooms) void room.resyncIfStalled(now);
    }, 1_000);
    if (request.window) {
      const win = await timedPlay(rooms, totals, request.window);
      clearInterval(watchdog);
      totals.measuring = false;
      return {
        type: 'report',
        label: request.label,
        rooms: request.rooms,
        clients: clients.length,
        setupMs,
        playMs: request.window.durationS * 1000,
        moves: win.report.seen,
        refusedMoves: totals.refused,
        refusals: totals.refusals,
        samples: totals.samples,
        resultMs: totals.resultMs,
        missingViews: win.report.unobserved,
        resyncs: totals.resyncs,
        matchesFinished: totals.duelsFinished,
        roundsSolved: 0,
        roundsFailed: 0,
        roundsSkipped: 0,
        clientCpuPercent: win.cpuPercent,
        stalled: null,
        stuckRooms: [],
        window: win.report,
      };
    }
    const finished = Promise.all(rooms.map((room) => room.play()));
    // A run that stops moving ends there and says so, with the figures of the moves made until then.
    let stuck: string[] = [];
    await Promise.race([
      finished,
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (!stalled) return;
          clearInterval(check);
          stuck = rooms.filter((room) => !room.seats.every((s) => s.done)).map((room) => room.describe());
          resolve();
        }, 1_000);
        void finished.then(() => clearInterval(check));
      }),
    ]);
    clearInterval(watchdog);
    const playMs = performance.now() - playStarted;
    const cpu = process.cpuUsage(cpuAtGo);
    totals.measuring = false;

    const outcomes = rooms.flatMap((room) => room.result?.lastRounds.map((r) => r.outcome) ?? []);
    return {
      type: 'report',
      label: request.label,
      rooms: request.rooms,
      clients: clients.length,
      setupMs,
      playMs,
      moves: totals.moves,
      refusedMoves: totals.refused,
      refusals: totals.refusals,
      samples: totals.samples,
      resultMs: totals.resultMs,
      missingViews: rooms.reduce((sum, room) => sum + room.missingViews(), 0),
      resyncs: totals.resyncs,
      matchesFinished: rooms.filter((room) => room.result?.status === 'finished').length,
      roundsSolved: outcomes.filter((o) => o === 'solved').length,
      roundsFailed: outcomes.filter((o) => o === 'failed').length,
      roundsSkipped: outcomes.filter((o) => o === 'skipped').length,
      clientCpuPercent: ((cpu.user + cpu.system) / 1000 / playMs) * 100,
      stalled: stalled ? `${stalled}; ${stuck.length} rooms unfinished` : null,
      stuckRooms: stuck.slice(0, 5),
    };
  } finally {
    for (const client of clients) client.close();
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** A timed run after `go`: play, measure the window (this process's CPU in it too), stop moving, wait for its views. */
async function timedPlay(rooms: readonly Room[], totals: Totals, window: { readonly warmupS: number; readonly durationS: number }) {
  for (const room of rooms) void room.play();
  await sleepUntil(totals.windowStart);
  const cpuAt = process.cpuUsage();
  const at = performance.now();
  await sleepUntil(totals.windowEnd);
  const cpu = process.cpuUsage(cpuAt);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - at)) * 100;
  totals.sending = false;
  const graceEnd = performance.now() + WINDOW_GRACE_MS;
  while (performance.now() < graceEnd && rooms.some((room) => room.pendingMeasured() > 0))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const win = totals.win;
  const report: WindowReport = {
    warmupS: window.warmupS,
    durationS: window.durationS,
    sent: win.sent,
    seen: win.seen,
    seenByAll: win.seenByAll,
    unobserved: win.dropped + rooms.reduce((sum, room) => sum + room.pendingMeasured(), 0),
    duelsStarted: win.duelsStarted,
    duelsStartedInWindow: win.duelsStartedInWindow,
    restartFailures: win.restartFailures,
  };
  return { report, cpuPercent };
}

function send(message: ClientsMessage) {
  process.send!(message);
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'go') {
    goSignal?.();
    return;
  }
  run(message).then(send, (error: unknown) =>
    send({ type: 'failed', label: message.label, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
