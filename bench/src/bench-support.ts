/**
 * What `npm run bench:distributed`'s parts share: figures (percentiles), free ports, the console SMS outbox of a
 * platform process, signing players in over HTTP, and the per-stage latency trace its processes print
 * (QAL_LATENCY_TRACE=1, events/src/process/latency-trace.ts).
 */
import { randomUUID } from 'node:crypto';
import { LATENCY_TRACE_PREFIX } from '@qal/events';

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export interface Summary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export function summary(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

const SMS_LINE = /^\[sms\] (\+\d+) (\d{6}) /;

/** SMS codes the console sender of a platform process printed, by phone. */
export function smsOutbox() {
  const codes = new Map<string, string>();
  return {
    take(line: string) {
      const match = SMS_LINE.exec(line);
      if (match) codes.set(match[1]!, match[2]!);
    },
    async codeFor(phone: string) {
      for (let i = 0; i < 400 && !codes.has(phone); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const code = codes.get(phone);
      if (!code) throw new Error(`no code for ${phone}`);
      return code;
    },
  };
}

let userCounter = 0;

/** A phone number and client address of its own for each bench user of this process (per-IP limits apply). */
export function nextIdentity(): { phone: string; ip: string } {
  const n = userCounter++;
  return {
    phone: `+2519${String(70_000_000 + ((process.pid * 131 + n * 7919) % 20_000_000)).padStart(8, '0')}`,
    ip: `10.200.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  };
}

/** One HTTP call of the API as a bench user: its data, or a thrown error naming the answer. */
export async function apiCall(
  base: string,
  path: string,
  options: { method?: 'GET' | 'POST'; ip: string; token?: string; body?: unknown; key?: string },
) {
  const method = options.method ?? 'POST';
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      'x-forwarded-for': options.ip,
      ...(method === 'POST' ? { 'idempotency-key': options.key ?? randomUUID() } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const json = (await response.json()) as { success: boolean; data: Record<string, unknown> };
  if (!json.success) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs a new user in with a code from the outbox (registration opens the wallet with the welcome grant). */
export async function signInOverHttp(base: string, codeFor: (phone: string) => Promise<string>, name: string) {
  const { phone, ip } = nextIdentity();
  await apiCall(base, '/auth/send-otp', { ip, body: { phone } });
  const data = await apiCall(base, '/auth/verify-otp', { ip, body: { phone, otp: await codeFor(phone), name } });
  return { phone, ip, token: String(data.token), userId: String((data.user as { id: string }).id) };
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!, i);
    }),
  );
}

/**
 * The `[latency] <stage> <commandId> <epoch ms> [detail]` lines of the platform processes, per command: the first
 * time a command passed each stage (the last for `*.committed`). A `gateway.command` line names the command's
 * correlation id (a websocket message id) as its detail, so a client that only knows that id finds its stages.
 */
export function latencyTraces() {
  const byCommand = new Map<string, Map<string, number>>();
  const commandOf = new Map<string, string>();
  const record = (stage: string, commandId: string, at: number) => {
    const stages = byCommand.get(commandId) ?? new Map<string, number>();
    byCommand.set(commandId, stages);
    if (!stages.has(stage) || stage.endsWith('.committed')) stages.set(stage, at);
  };
  return {
    record,
    /** Takes a line of a child process; false when it is not a trace line. */
    take(line: string): boolean {
      if (!line.startsWith(LATENCY_TRACE_PREFIX)) return false;
      const [, stage, commandId, at, detail] = line.split(' ');
      if (!stage || !commandId || !at) return true;
      record(stage, commandId, Number(at));
      if (stage === 'gateway.command' && detail) commandOf.set(detail, commandId);
      return true;
    },
    commandOf: (correlationId: string) => commandOf.get(correlationId),
    stagesOf: (commandId: string) => byCommand.get(commandId),
    clear() {
      byCommand.clear();
      commandOf.clear();
    },
  };
}
export type LatencyTraces = ReturnType<typeof latencyTraces>;

export interface StageFigure extends Summary {
  readonly stage: string;
}

/**
 * Per stage: how long after `sentAt` each sample reached it (p50/p99 ms), ordered by p50; `end` names the
 * sample's own last point (e.g. the view received).
 */
export function stageFigures(
  samples: readonly {
    readonly stages: ReadonlyMap<string, number> | undefined;
    readonly sentAt: number;
    readonly end?: readonly [string, number];
  }[],
): StageFigure[] {
  const offsets = new Map<string, number[]>();
  const add = (stage: string, ms: number) => {
    const list = offsets.get(stage) ?? [];
    list.push(ms);
    offsets.set(stage, list);
  };
  for (const sample of samples) {
    for (const [stage, at] of sample.stages ?? []) add(stage, at - sample.sentAt);
    if (sample.end) add(sample.end[0], sample.end[1] - sample.sentAt);
  }
  return [...offsets].map(([stage, list]) => ({ stage, ...summary(list) })).sort((a, b) => a.p50Ms - b.p50Ms);
}

/**
 * Per hop of `path` (consecutive stages a sample passed, in that order): how long it took (p50/p99 ms). Stages a
 * sample lacks are skipped, so a hop spans from the last stage it had.
 */
export function hopFigures(
  path: readonly string[],
  samples: readonly {
    readonly stages: ReadonlyMap<string, number> | undefined;
    readonly sentAt: number;
    readonly end?: readonly [string, number];
  }[],
): StageFigure[] {
  const hops = new Map<string, number[]>();
  for (const sample of samples) {
    if (!sample.stages) continue;
    const points = new Map(sample.stages);
    points.set('sent', sample.sentAt);
    if (sample.end) points.set(sample.end[0], sample.end[1]);
    let previous: [string, number] | null = null;
    for (const stage of ['sent', ...path]) {
      const at = points.get(stage);
      if (at === undefined) continue;
      if (previous) {
        const name = `${previous[0]} → ${stage}`;
        const list = hops.get(name) ?? [];
        list.push(at - previous[1]);
        hops.set(name, list);
      }
      previous = [stage, at];
    }
  }
  return [...hops].map(([stage, list]) => ({ stage, ...summary(list) }));
}

/** A whole number from the environment, or its default; anything else is an error, not a silent default. */
export function wholeFromEnv(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name}: expected a whole number of at least ${min}, got ${text}`);
  return value;
}
