import { performance } from 'node:perf_hooks';

/**
 * Where a command's time goes, across processes: with QAL_LATENCY_TRACE=1 each stage a command passes prints one
 * line `[latency] <stage> <commandId> <epoch ms>` on stderr, and `npm run bench:distributed` (BENCH_TRACE=1) lines
 * them up per command. Off by default: one environment lookup at load, then a no-op.
 */
export const LATENCY_TRACE_PREFIX = '[latency]';
const enabled = process.env.QAL_LATENCY_TRACE === '1';

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes of one machine. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

export function traceLatency(stage: string, commandId: unknown, detail?: string): void {
  if (!enabled || typeof commandId !== 'string') return;
  process.stderr.write(`${LATENCY_TRACE_PREFIX} ${stage} ${commandId} ${epochMs().toFixed(2)}${detail ? ` ${detail}` : ''}\n`);
}

export const latencyTraceEnabled = (): boolean => enabled;
