import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A process's metrics: prom-client's default process metrics (CPU, memory, event-loop lag, GC, handles) plus what
 * the process registers, every series labelled with the process's `service` (qal in the embedded mode).
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Histogram buckets, in seconds or counts, shared so that the same metric has the same buckets in every process. */
export const BUCKETS = {
  /** A request or command: milliseconds to the command timeout. */
  requestSeconds: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  /** One event-store append: a single round trip to a few hundred milliseconds under contention. */
  appendSeconds: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  /** Events per append. */
  appendEvents: [1, 2, 3, 5, 8, 13, 21, 50, 100, 500],
} as const;

/** Gives up on a scrape-time read after this long, so one slow dependency never hangs a scrape. */
export const COLLECT_TIMEOUT_MS = 2_000;

/** The value of `work`, or null when it fails or takes longer than `timeoutMs`. */
export async function valueWithin<T>(work: () => Promise<T>, timeoutMs = COLLECT_TIMEOUT_MS): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([work().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
