/**
 * The pure parts of `npm run bench:sockets` (bench/src/sockets.ts): a process's open-files limits, which user and
 * room each socket gets, how many sockets the server process has descriptors for, and the push figures.
 */
import { round, summary, type Summary } from './bench-support.ts';

export interface OpenFilesLimit {
  readonly soft: number;
  readonly hard: number;
}

/** "Max open files" of a /proc/<pid>/limits text, or null (not Linux, or unlimited). */
export function parseOpenFilesLimit(limitsText: string): OpenFilesLimit | null {
  const match = /^Max open files\s+(\d+)\s+(\d+)/m.exec(limitsText);
  return match ? { soft: Number(match[1]), hard: Number(match[2]) } : null;
}

/** Socket i belongs to user ⌊i / perUser⌋; user u plays in room u mod rooms, so the rooms fill evenly. */
export function socketLayout(sockets: number, perUser: number, roomPlayers: number) {
  const users = Math.ceil(sockets / perUser);
  const rooms = Math.ceil(users / roomPlayers);
  return {
    users,
    rooms,
    userOf: (socket: number) => Math.floor(socket / perUser),
    roomOf: (user: number) => user % rooms,
    /** The users of room r, the first being its host (the lowest user index in it). */
    membersOf: (room: number) => Array.from({ length: Math.ceil((users - room) / rooms) }, (_, k) => room + k * rooms),
  };
}

/**
 * How many sockets the server can accept: one descriptor each, under its limit (the soft one, which bench:sockets
 * raises to the hard one first), less the ones already open and a reserve for what the platform opens later (the
 * database's files). Past its limit a process cannot accept at all, and the database could no longer open a file.
 */
export function socketCapacity(limit: OpenFilesLimit | null, openNow: number, reserve: number): number {
  return limit ? Math.max(0, limit.soft - openNow - reserve) : Number.POSITIVE_INFINITY;
}

export interface PushFigures {
  /** Sockets that received the push. */
  readonly received: number;
  readonly missing: number;
  /** From the first command sent to the last socket that received its push. */
  readonly lastMs: number;
  /** Each socket: from its room's command to its push. */
  readonly perSocket: Summary;
  /** Each room: from its first socket's push to its last's (the fan-out of one push, without the command). */
  readonly roomSpread: Summary;
}

/** Receive times (epoch ms by room code) against the epoch ms each room's command was sent. */
export function pushFigures(
  sentAt: ReadonlyMap<string, number>,
  received: Readonly<Record<string, readonly number[]>>,
  missing: number,
): PushFigures {
  const first = Math.min(...sentAt.values());
  const latencies: number[] = [];
  const spreads: number[] = [];
  let last = first;
  for (const [code, times] of Object.entries(received)) {
    const sent = sentAt.get(code);
    if (sent === undefined || times.length === 0) continue;
    for (const at of times) latencies.push(at - sent);
    last = Math.max(last, ...times);
    spreads.push(Math.max(...times) - Math.min(...times));
  }
  return { received: latencies.length, missing, lastMs: round(last - first), perSocket: summary(latencies), roomSpread: summary(spreads) };
}

/** Failure counts of several processes added up by reason. */
export function addCounts(into: Record<string, number>, more: Readonly<Record<string, number>>) {
  for (const [reason, count] of Object.entries(more)) into[reason] = (into[reason] ?? 0) + count;
  return into;
}
