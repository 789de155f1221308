/**
 * Whether a soak's memory keeps growing (`npm run soak`, bench/src/soak.ts): the least-squares slope of the platform
 * process's memory over the minutes after a warm-up (caches filling, code being compiled), for its RSS, its live heap
 * (heap used right after a full collection) and the embedded database's WebAssembly memory. Over any limit, the
 * memory is growing. A minute after the warm-up without a single move fails the run too: the load stopped, so a flat
 * line would prove nothing.
 *
 * PGlite allocates its shared buffers (128 MB) up front inside its WebAssembly memory, and the operating system backs
 * those pages only as Postgres first touches them: while the database grows toward the size of its buffers, RSS
 * climbs by what the buffers took in, and stops there. So the RSS judged is the process's RSS outside that memory,
 * and the database's memory is judged by its size (which grows only when Postgres asks for more); the part of it
 * that is resident is printed, and can never pass its size.
 */

/** One reading of the platform process, a minute apart. */
export interface MemorySample {
  readonly minute: number;
  readonly rssMb: number;
  /** Heap used after a full collection: what is still referenced. */
  readonly heapUsedMb: number;
  /** Moves the platform was asked to make in the minute before (the load was still on). */
  readonly moves: number;
  /** The embedded database's WebAssembly memory: its size, and how much of it is resident (part of `rssMb`). */
  readonly database?: { readonly sizeMb: number; readonly residentMb: number };
}

export interface GrowthLimits {
  /** Samples before this minute are not judged. */
  readonly warmupMinutes: number;
  readonly rssMbPerMinute: number;
  readonly heapMbPerMinute: number;
  readonly databaseMbPerMinute: number;
}

/**
 * Growth a process in a steady state stays under. RSS outside the database: the allocator moves it by a few
 * megabytes; 20 minutes at the limit is 40 MB. The live heap is steadier: every cache of the platform is bounded, so
 * it stops growing once they are full. The database's memory grows in steps when Postgres needs more working memory
 * and then stays: a step or two over a run is well under its limit, a step every few minutes is not.
 */
export const SOAK_GROWTH_LIMITS = { rssMbPerMinute: 2, heapMbPerMinute: 1, databaseMbPerMinute: 1 } as const;
/** Fewer samples than this after the warm-up fit any line: the run is too short to judge. */
export const SOAK_MIN_JUDGED_SAMPLES = 3;

export type Verdict =
  | { readonly kind: 'too_short'; readonly judged: number }
  /** Minutes after the warm-up without a move: flat memory under no load proves nothing. */
  | { readonly kind: 'load_stopped'; readonly minutes: readonly number[] }
  | {
      readonly kind: 'steady' | 'growing';
      readonly judged: number;
      /** RSS outside the embedded database's memory (the whole RSS when the samples have no database figures). */
      readonly rssMbPerMinute: number;
      readonly heapMbPerMinute: number;
      /** The size of the database's memory (0 without database figures). */
      readonly databaseMbPerMinute: number;
      /** Which limits were passed (empty when steady). */
      readonly over: readonly ('rss' | 'heap' | 'database')[];
    };

/** The least-squares slope of y over x (0 for fewer than two points or one x). */
export function slope(points: readonly { readonly x: number; readonly y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

/** The process's RSS less the resident part of the database's memory. */
export const rssOutsideDatabaseMb = (s: MemorySample) => s.rssMb - (s.database?.residentMb ?? 0);

export function judgeMemory(samples: readonly MemorySample[], limits: GrowthLimits): Verdict {
  const judged = samples.filter((s) => s.minute >= limits.warmupMinutes);
  if (judged.length < SOAK_MIN_JUDGED_SAMPLES) return { kind: 'too_short', judged: judged.length };
  const idle = judged.filter((s) => s.minute > 0 && s.moves === 0).map((s) => s.minute);
  if (idle.length > 0) return { kind: 'load_stopped', minutes: idle };
  const perMinute = (y: (s: MemorySample) => number) => slope(judged.map((s) => ({ x: s.minute, y: y(s) })));
  const rssMbPerMinute = perMinute(rssOutsideDatabaseMb);
  const heapMbPerMinute = perMinute((s) => s.heapUsedMb);
  const databaseMbPerMinute = perMinute((s) => s.database?.sizeMb ?? 0);
  const over = [
    ...(rssMbPerMinute > limits.rssMbPerMinute ? (['rss'] as const) : []),
    ...(heapMbPerMinute > limits.heapMbPerMinute ? (['heap'] as const) : []),
    ...(databaseMbPerMinute > limits.databaseMbPerMinute ? (['database'] as const) : []),
  ];
  const kind = over.length > 0 ? 'growing' : 'steady';
  return { kind, judged: judged.length, rssMbPerMinute, heapMbPerMinute, databaseMbPerMinute, over };
}

/**
 * The default warm-up: half the run, at least one minute and at most ten. At the soak's load the platform's bounded
 * caches (recent events, folded matches and rooms, the leaderboard's rows) fill for about eight minutes, and memory
 * climbs with them; a leak still climbs through the second half, which is what is judged.
 */
export const defaultWarmupMinutes = (minutes: number) => Math.min(10, Math.max(1, Math.floor(minutes / 2)));
