/**
 * What bench/src/rooms.ts (the platform, in the parent process) and bench/src/rooms-clients.ts (the websocket
 * players, in a child process) tell each other over the IPC channel.
 */

export interface BenchUser {
  readonly userId: string;
  readonly token: string;
}

/** Parent → clients: play `rooms` rooms with these users (4 per room, host first) and report. */
export interface RunRequest {
  readonly type: 'run';
  readonly label: string;
  readonly base: string;
  /**
   * Gateways the players connect to in turn (player i to `bases[i % length]`), so a room's players sit on different
   * gateways (the distributed mode); `base` alone when missing.
   */
  readonly bases?: readonly string[];
  readonly rooms: number;
  readonly users: readonly BenchUser[];
  /** Dictionary words the setters pick from, 4 per room in turn (distinct within a room). */
  readonly words: readonly string[];
  /** Rooms set up (create, join, ready, start) at once; setup is not measured. */
  readonly setupConcurrency: number;
  /**
   * A player's mean think time (ms) between seeing it is their turn and moving: each wait is drawn uniformly from
   * half to one and a half times it (seeded per room). 0: move at once (a saturation test, not people playing).
   */
  readonly thinkMs: number;
  /** A think time drawn uniformly from [minMs, maxMs] instead (BENCH_ROOMS_THINK=uniform:50-150); overrides thinkMs. */
  readonly think?: { readonly minMs: number; readonly maxMs: number };
  /**
   * A timed run instead of one duel per room: play for warmupS, then measure the moves sent in the next durationS
   * (their views to the others, the CPU), then stop moving. A room whose duel is over opens a new room with the same 4
   * players and plays another duel (create, join, ready, start: that work is in the window too; it is counted).
   */
  readonly window?: { readonly warmupS: number; readonly durationS: number };
}

/** Clients → parent: every room is started and every player has its match snapshot; the parent answers `go`. */
export interface ReadyToPlay {
  readonly type: 'ready';
}
export interface Go {
  readonly type: 'go';
}

/** One player receiving the view that shows another player's move. */
export interface LatencySample {
  /** The `match.move` command message id (the engine command's correlationId). */
  readonly moveId: string;
  readonly channel: string;
  readonly version: number;
  /** Epoch ms (performance.timeOrigin + now), comparable with the parent's trace. */
  readonly sentAt: number;
  readonly receivedAt: number;
}

export interface RunReport {
  readonly type: 'report';
  readonly label: string;
  readonly rooms: number;
  readonly clients: number;
  readonly setupMs: number;
  /** From `go` until the last room's match was over. */
  readonly playMs: number;
  /** Moves the engine accepted during play. */
  readonly moves: number;
  readonly refusedMoves: number;
  readonly refusals: Record<string, number>;
  /** Views pushed to other players that showed a move, one per (move, other player). */
  readonly samples: LatencySample[];
  /** Move sent → the mover's own `result`, ms. */
  readonly resultMs: number[];
  /** (move, other player) pairs whose view never came. */
  readonly missingViews: number;
  /** `match.view` re-reads after a stall (a push that never came). */
  readonly resyncs: number;
  readonly matchesFinished: number;
  readonly roundsSolved: number;
  readonly roundsFailed: number;
  readonly roundsSkipped: number;
  /** CPU the client process used during play, in % of one core. */
  readonly clientCpuPercent: number;
  /** Set when the run stopped moving before every match was over (the figures are of the moves made until then). */
  readonly stalled: string | null;
  /** A few unfinished rooms with each seat's last view. */
  readonly stuckRooms: string[];
  /** Timed runs (RunRequest.window): what the window saw. `moves` and `playMs` are then those of the window. */
  readonly window?: WindowReport;
}

export interface WindowReport {
  readonly warmupS: number;
  readonly durationS: number;
  /** Moves sent in the window. */
  readonly sent: number;
  /** Moves sent in the window that at least one other player saw (the peer's moves/s counts these). */
  readonly seen: number;
  /** Moves sent in the window that every other player saw. */
  readonly seenByAll: number;
  /** (move sent in the window, other player) pairs whose view had not come 10 s after the window. */
  readonly unobserved: number;
  /** Duels started after play began (a room whose duel was over opened another), and those during the window. */
  readonly duelsStarted: number;
  readonly duelsStartedInWindow: number;
  /** Next duels whose setup failed (the room then stopped). */
  readonly restartFailures: string[];
}

export interface RunFailed {
  readonly type: 'failed';
  readonly label: string;
  readonly error: string;
}

export type ParentMessage = RunRequest | Go;
export type ClientsMessage = ReadyToPlay | RunReport | RunFailed;
