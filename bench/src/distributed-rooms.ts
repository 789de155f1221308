/**
 * The rooms flow of `npm run bench:distributed`: R rooms × 4 websocket players play word duels against a running
 * platform (one embedded gateway, or the distributed topology's gateways, the players of a room spread over them),
 * with the players of bench/src/rooms-clients.ts in a child process (the protocol of rooms-protocol.ts). Measured:
 * from a `match.move` sent to the view showing it at each OTHER player of the room.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WELCOME_GRANT_TOKENS } from '@qal/ledger';
import {
  apiCall,
  hopFigures,
  pool,
  round,
  signInOverHttp,
  stageFigures,
  summary,
  type LatencyTraces,
  type StageFigure,
  type Summary,
} from './bench-support.ts';
import type { BenchUser, ClientsMessage, ParentMessage, RunReport, RunRequest } from './rooms-protocol.ts';
import { setterWords } from './rooms-words.ts';
import { cpuByRole, snapshotCpu, type CpuSnapshot } from './machine-cpu.ts';

export interface RoomsSettings {
  readonly rooms: number;
  readonly warmUpRooms: number;
  /** A player's mean think time before each move (ms); see rooms-protocol.ts. */
  readonly thinkMs: number;
  readonly setupConcurrency: number;
  readonly signInConcurrency: number;
}

export interface RoomsTarget {
  readonly name: string;
  /** Gateways: the players of a room connect to them in turn. */
  readonly bases: readonly string[];
  readonly codeFor: (phone: string) => Promise<string>;
  readonly traces: LatencyTraces | null;
}

export interface RoomsFigures {
  readonly rooms: number;
  readonly moves: number;
  readonly playSeconds: number;
  readonly movesPerSecond: number;
  /** Move sent → the view showing it at each other player. */
  readonly moveToOthersView: Summary;
  /** Move sent → the mover's own result. */
  readonly moveToResult: Summary;
  readonly refusedMoves: number;
  readonly refusals: Record<string, number>;
  readonly missingViews: number;
  readonly resyncs: number;
  readonly matchesFinished: number;
  readonly stalled: string | null;
  readonly stuckRooms: readonly string[];
  readonly clientCpuPercent: number;
  /** Every process of the machine over the play (from `go` to the report), % of a core per role. */
  readonly machineCpu: readonly { readonly role: string; readonly percent: number }[];
  readonly loadAverageAtEnd: number[];
  readonly signInSeconds: number;
  readonly setupSeconds: number;
  /** BENCH_TRACE=1: per stage, ms after the move was sent (p50/p99). */
  readonly stages?: StageFigure[];
  /** BENCH_TRACE=1: per hop along ROOMS_PATH, ms (p50/p99). */
  readonly hops?: StageFigure[];
}

/** The players' process: one per bench run, serving each target in turn. */
export function startPlayers(): {
  child: ChildProcess;
  play(request: RunRequest, onGo?: () => void): Promise<RunReport>;
  stop(): void;
} {
  const child = fork(fileURLToPath(new URL('./rooms-clients.ts', import.meta.url)), [], { execArgv: process.execArgv, stdio: 'inherit' });
  return {
    child,
    play: (request, onGo) =>
      new Promise<RunReport>((resolve, reject) => {
        const onMessage = (message: ClientsMessage) => {
          if (message.type === 'ready') {
            onGo?.();
            child.send({ type: 'go' } satisfies ParentMessage);
            return;
          }
          child.off('message', onMessage);
          if (message.type === 'failed') reject(new Error(`${request.label}: ${message.error}`));
          else resolve(message);
        };
        child.on('message', onMessage);
        child.send(request satisfies ParentMessage);
      }),
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}

/** Signs in 4 players per room (and the warm-up's), waits for their wallets, then plays the warm-up and the measured run. */
export async function benchRooms(
  target: RoomsTarget,
  settings: RoomsSettings,
  players: ReturnType<typeof startPlayers>,
): Promise<RoomsFigures> {
  const base = target.bases[0]!;
  const signInStarted = performance.now();
  const count = 4 * Math.max(settings.rooms, settings.warmUpRooms);
  const users: (BenchUser & { ip: string })[] = new Array(count);
  await pool(users, settings.signInConcurrency, async (_, i) => {
    const signedIn = await signInOverHttp(target.bases[i % target.bases.length]!, target.codeFor, `Bench ${i + 1}`);
    users[i] = { userId: signedIn.userId, token: signedIn.token, ip: signedIn.ip };
  });
  // The welcome grant opens each wallet (over the bus when distributed): a room's entry fee needs it there.
  await pool(users, settings.signInConcurrency, async (user) => {
    for (let attempt = 0; ; attempt++) {
      const wallet = await apiCall(base, '/wallet', { method: 'GET', ip: user.ip, token: user.token });
      if (Number(wallet.balance) >= WELCOME_GRANT_TOKENS) return;
      if (attempt > 200) throw new Error(`the wallet of ${user.userId} did not open`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  const words = setterWords();
  const request = (label: string, rooms: number, thinkMs: number): RunRequest => ({
    type: 'run',
    label,
    base,
    bases: target.bases,
    rooms,
    users: users.map(({ userId, token }) => ({ userId, token })),
    words,
    setupConcurrency: settings.setupConcurrency,
    thinkMs,
  });
  if (settings.warmUpRooms > 0) await players.play(request(`${target.name}-warmup`, settings.warmUpRooms, 0));
  target.traces?.clear();
  // The warm-up's players are the first of the measured run's: their rooms are new ones.
  const atGo: { cpu?: CpuSnapshot } = {};
  const report = await players.play(request(target.name, settings.rooms, settings.thinkMs), () => (atGo.cpu = snapshotCpu()));
  const machineCpu = atGo.cpu ? cpuByRole(atGo.cpu, snapshotCpu()) : [];
  const loadAverageAtEnd = loadavg().map((l) => round(l, 2));
  const traces = target.traces;
  return {
    rooms: report.rooms,
    moves: report.moves,
    playSeconds: round(report.playMs / 1000, 1),
    movesPerSecond: round((report.moves / report.playMs) * 1000),
    moveToOthersView: summary(report.samples.map((s) => s.receivedAt - s.sentAt)),
    moveToResult: summary(report.resultMs),
    refusedMoves: report.refusedMoves,
    refusals: report.refusals,
    missingViews: report.missingViews,
    resyncs: report.resyncs,
    matchesFinished: report.matchesFinished,
    stalled: report.stalled,
    stuckRooms: report.stuckRooms,
    clientCpuPercent: round(report.clientCpuPercent),
    machineCpu,
    loadAverageAtEnd,
    signInSeconds: round(signInSeconds),
    setupSeconds: round(report.setupMs / 1000),
    ...(traces ? traceFigures(traces, report) : {}),
  };
}

/** A move's way, in order, as the processes trace it (embedded: gateway.tail instead of the relay and the feed). */
const ROOMS_PATH = [
  'gateway.command',
  'command.received',
  'store.begin',
  'store.committed',
  'relay.read',
  'relay.published',
  'gateway.tail',
  'gateway.feed',
  'gateway.pushed',
  'client.view',
];

function traceFigures(traces: LatencyTraces, report: RunReport) {
  const samples = report.samples.map((s) => {
    const commandId = traces.commandOf(s.moveId);
    return { stages: commandId ? traces.stagesOf(commandId) : undefined, sentAt: s.sentAt, end: ['client.view', s.receivedAt] as const };
  });
  return { stages: stageFigures(samples), hops: hopFigures(ROOMS_PATH, samples) };
}
