/**
 * Idle websocket clients of `npm run bench:sockets` (bench/src/sockets.ts starts several of these, each through
 * `bash -c 'ulimit -n …'`): each socket signs in (`auth`), follows its user's wallet channel and its room's channel,
 * then only listens. On `arm` the next room push of each socket is timed (epoch ms, comparable with the parent's).
 *
 * The `auth` and both `subscribe`s are sent at once on open: the server keeps the subscriptions waiting until the
 * token is checked, then handles them in order (docs/realtime.md, "Connecting").
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { pool } from './bench-support.ts';
import { parseOpenFilesLimit } from './sockets-figures.ts';
import type { ArmRequest, ClientsMessage, OpenRequest, ParentMessage, SocketPlan } from './sockets-protocol.ts';

/**
 * Sockets are opened from 127.0.0.2, 127.0.0.3, … in turn: one source address has about 28,000 ephemeral ports
 * towards the server's one port (net.ipv4.ip_local_port_range), and earlier runs' closed sockets hold theirs a minute.
 */
const LOOPBACK_SOURCES = 16;
const PROGRESS_EVERY_MS = 2_000;

const epochNow = () => performance.timeOrigin + performance.now();

function openFiles() {
  try {
    return parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

interface ServerFrame {
  readonly type: string;
  readonly channel?: string;
  readonly version?: number;
  readonly code?: string;
}

/** One idle socket: the room version it holds, and (armed) the push being timed. */
class IdleSocket {
  socket: WebSocket | null = null;
  held = false;
  roomVersion = -1;
  /** Armed: the next room push above this version is timed. */
  awaitAbove: number | null = null;
  receivedAt: number | null = null;

  constructor(readonly plan: SocketPlan) {}

  get roomChannel() {
    return `room:${this.plan.code}`;
  }
}

const sockets: IdleSocket[] = [];
const dropped: Record<string, number> = {};
let roomPushes = 0;
/** The arming in progress: sockets still waiting, and what to do when none is. */
let arming: { waiting: number; done: () => void } | null = null;

function onRoomPush(s: IdleSocket, version: number, at: number) {
  roomPushes += 1;
  if (version > s.roomVersion) s.roomVersion = version;
  if (s.awaitAbove === null || s.receivedAt !== null || version <= s.awaitAbove) return;
  s.receivedAt = at;
  if (arming && --arming.waiting === 0) arming.done();
}

/** Opens one socket; resolves with null once it is signed in and follows both channels, else the failure's reason. */
function open(s: IdleSocket, base: string, localAddress: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const { userId, token } = s.plan;
    const userChannel = `user:${userId}`;
    const waitingFor = new Set([userChannel, s.roomChannel]);
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false, localAddress });
    s.socket = socket;
    let settled = false;
    const finish = (failure: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) socket.terminate();
      else s.held = true;
      resolve(failure);
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token }));
      for (const channel of waitingFor) socket.send(JSON.stringify({ type: 'subscribe', channel }));
    });
    socket.on('message', (raw) => {
      const at = epochNow();
      const frame = JSON.parse(raw.toString()) as ServerFrame;
      if (frame.type === 'push') {
        if (frame.channel === s.roomChannel) onRoomPush(s, frame.version!, at);
      } else if (frame.type === 'subscribed') {
        if (frame.channel === s.roomChannel) s.roomVersion = Math.max(s.roomVersion, frame.version!);
        waitingFor.delete(frame.channel!);
        if (waitingFor.size === 0) finish(null);
      } else if (frame.type === 'error') finish(`refused: ${frame.code}`);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(`socket error: ${error.code ?? error.message}`));
    socket.on('close', (code) => {
      if (!settled) finish(`closed before subscribed: ${code}`);
      else if (s.held) {
        s.held = false;
        dropped[code] = (dropped[code] ?? 0) + 1;
      }
    });
  });
}

async function openAll(request: OpenRequest) {
  const started = performance.now();
  const failures: Record<string, number> = {};
  let failed = 0;
  const fresh = request.plans.map((plan) => new IdleSocket(plan));
  sockets.push(...fresh);
  const progress = setInterval(() => send({ type: 'progress', held: sockets.filter((s) => s.held).length, failed }), PROGRESS_EVERY_MS);
  try {
    await pool(fresh, request.concurrency, async (s, i) => {
      const failure = await open(s, request.base, `127.0.0.${2 + (i % LOOPBACK_SOURCES)}`, request.timeoutMs);
      if (failure === null) return;
      failed += 1;
      failures[failure] = (failures[failure] ?? 0) + 1;
    });
  } finally {
    clearInterval(progress);
  }
  send({ type: 'opened', held: fresh.filter((s) => s.held).length, failures, ms: performance.now() - started });
}

function arm(request: ArmRequest) {
  const codes = request.codes ? new Set(request.codes) : null;
  const armed = sockets.filter((s) => s.held && (!codes || codes.has(s.plan.code)));
  for (const s of sockets) {
    s.awaitAbove = null;
    s.receivedAt = null;
  }
  for (const s of armed) s.awaitAbove = s.roomVersion;
  const report = () => {
    clearTimeout(timer);
    arming = null;
    const at: Record<string, number[]> = {};
    let missing = 0;
    for (const s of armed) {
      if (s.receivedAt === null) missing += 1;
      else (at[s.plan.code] ??= []).push(s.receivedAt);
      s.awaitAbove = null;
    }
    send({ type: 'received', at, missing });
  };
  const timer = setTimeout(report, request.timeoutMs);
  arming = { waiting: armed.length, done: report };
  send({ type: 'armed', waiting: armed.length });
  if (armed.length === 0) report();
}

function send(message: ClientsMessage) {
  process.send!(message);
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'open':
      void openAll(message);
      return;
    case 'arm':
      arm(message);
      return;
    case 'count':
      send({ type: 'counted', roomPushes, open: sockets.filter((s) => s.held).length, dropped });
      return;
    case 'close':
      for (const s of sockets) {
        s.held = false;
        s.socket?.terminate();
      }
      send({ type: 'closed' });
      return;
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'hello', pid: process.pid, openFiles: openFiles() });
