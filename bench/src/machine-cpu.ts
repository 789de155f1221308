/**
 * Where a machine's CPU went over a stretch of a benchmark, by role: every process's ticks from /proc at the start and
 * at the end, each process named by what it runs (a Qal service by its entry point, PostgreSQL, the Kafka broker,
 * the benchmark's players). Linux only; elsewhere the figures are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
export const CLK_TCK = 100;

/** A process's CPU ticks (user + system, all its threads) from the text of its /proc/<pid>/stat. */
export function ticksOfStat(stat: string): number {
  // The command name in parentheses may hold spaces: the fields are counted from after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A process's role, from its command line; the first rule that matches names it. */
const ROLES: readonly (readonly [RegExp, string])[] = [
  [/services\/gateway\//, 'gateways'],
  [/services\/game-engine\//, 'game-engine'],
  [/services\/ledger\//, 'ledger'],
  [/services\/leaderboard\//, 'leaderboard'],
  [/rooms-clients/, 'players'],
  [/^postgres|\/postgres\b/, 'PostgreSQL'],
  [/kafka/i, 'Kafka broker'],
];

export interface CpuSnapshot {
  readonly at: number;
  readonly ticks: ReadonlyMap<number, { readonly role: string; readonly ticks: number }>;
}

function roleOf(pid: number, cmdline: string): string {
  if (pid === process.pid) return 'bench';
  return ROLES.find(([pattern]) => pattern.test(cmdline))?.[1] ?? 'other';
}

/** Every process's CPU ticks (user + system, all its threads) now. */
export function snapshotCpu(): CpuSnapshot {
  const ticks = new Map<number, { role: string; ticks: number }>();
  let pids: number[] = [];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return { at: performance.now(), ticks };
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      ticks.set(pid, { role: roleOf(pid, cmdline), ticks: ticksOfStat(stat) });
    } catch {
      // the process ended while the snapshot was taken
    }
  }
  return { at: performance.now(), ticks };
}

/** Per role, % of one core between two snapshots, largest first (a process that ended in between is not counted). */
export function cpuByRole(before: CpuSnapshot, after: CpuSnapshot): { role: string; percent: number }[] {
  const seconds = (after.at - before.at) / 1000;
  const byRole = new Map<string, number>();
  for (const [pid, { role, ticks }] of after.ticks) {
    const spent = ticks - (before.ticks.get(pid)?.ticks ?? 0);
    if (spent > 0) byRole.set(role, (byRole.get(role) ?? 0) + spent);
  }
  return [...byRole]
    .map(([role, spent]) => ({ role, percent: Math.round((spent / CLK_TCK / seconds) * 1000) / 10 }))
    .sort((a, b) => b.percent - a.percent);
}
