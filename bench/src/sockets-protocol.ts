/**
 * What bench/src/sockets.ts (the platform, in the parent process) and bench/src/sockets-clients.ts (idle websocket
 * clients, in several child processes) tell each other over the IPC channel.
 */

/** One socket to open: whose token signs it in, and the room it follows besides its user's wallet channel. */
export interface SocketPlan {
  readonly userId: string;
  readonly token: string;
  readonly code: string;
}

/** Parent → clients: open these sockets (at most `concurrency` being opened at once), each from its own loopback address in turn. */
export interface OpenRequest {
  readonly type: 'open';
  readonly base: string;
  readonly plans: readonly SocketPlan[];
  readonly concurrency: number;
  /** Give up on a socket not signed in and subscribed to both channels this long after it was started. */
  readonly timeoutMs: number;
}

/**
 * Parent → clients: the next room push on each socket following one of `codes` (all rooms when null) is the one
 * to time: its version must be above the last one the socket holds now. Answered by `armed`, then `received`.
 */
export interface ArmRequest {
  readonly type: 'arm';
  readonly codes: readonly string[] | null;
  /** Report what arrived this long after the arming even if some sockets are still waiting. */
  readonly timeoutMs: number;
}

/** Parent → clients: how many room pushes arrived so far (to tell when the presence pushes of the opening are over). */
export interface CountRequest {
  readonly type: 'count';
}

/** Parent → clients: close every socket and say so. */
export interface CloseRequest {
  readonly type: 'close';
}

export type ParentMessage = OpenRequest | ArmRequest | CountRequest | CloseRequest;

/** Clients → parent, once started: this process's open-files limits. */
export interface Hello {
  readonly type: 'hello';
  readonly pid: number;
  readonly openFiles: { readonly soft: number; readonly hard: number } | null;
}

/** Clients → parent, every few seconds while opening. */
export interface Progress {
  readonly type: 'progress';
  readonly held: number;
  readonly failed: number;
}

/** Clients → parent: every socket of the request is open and subscribed, or failed (counted by reason). */
export interface Opened {
  readonly type: 'opened';
  readonly held: number;
  readonly failures: Record<string, number>;
  readonly ms: number;
}

export interface Armed {
  readonly type: 'armed';
  /** Held sockets that wait for a push now. */
  readonly waiting: number;
}

/**
 * Every armed socket's push arrived (or the timeout came): per room code, the epoch ms (performance.timeOrigin +
 * now) at which each of its sockets here received it; `missing` sockets received nothing.
 */
export interface Received {
  readonly type: 'received';
  readonly at: Record<string, number[]>;
  readonly missing: number;
}

export interface Counted {
  readonly type: 'counted';
  readonly roomPushes: number;
  /** Sockets still open of those that were held (a server that dropped some says so here). */
  readonly open: number;
  /** Sockets closed after they were held, by close code. */
  readonly dropped: Record<string, number>;
}

export interface Closed {
  readonly type: 'closed';
}

export type ClientsMessage = Hello | Progress | Opened | Armed | Received | Counted | Closed;
