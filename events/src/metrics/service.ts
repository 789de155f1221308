import type { Registry } from 'prom-client';
import { ServiceConfigError } from '../process/service.ts';
import { observeAppends } from '../store/observe.ts';
import type { EventStore } from '../store/port.ts';
import { kafkaConsumerLagMetric, type WatchedConsumer } from './kafka-lag.ts';
import { createMetricsRegistry } from './registry.ts';
import { startMetricsServer } from './server.ts';
import { loadMetricsPort } from './settings.ts';
import { appendMetrics, projectionLagMetric } from './store.ts';

export interface ServiceMetrics {
  readonly registry: Registry;
  /** Where /metrics answers (METRICS_PORT, or the port picked for 0). */
  readonly port: number;
}

/**
 * A service process's metrics listener on METRICS_PORT (default `defaultPort`), started before the service so a
 * scraper finds it during a long catch-up. Like the other variables, a bad METRICS_PORT ends the process with one line.
 */
export async function serveServiceMetrics(
  service: string,
  env: Readonly<Record<string, string | undefined>>,
  defaultPort: number,
): Promise<ServiceMetrics> {
  let port: number;
  try {
    port = loadMetricsPort(env, defaultPort);
  } catch (error) {
    if (!(error instanceof ServiceConfigError)) throw error;
    for (const line of error.lines) console.error(`config error: ${line}`);
    process.exit(1);
  }
  const registry = createMetricsRegistry(service);
  const host = env.HOST?.trim() || '0.0.0.0';
  try {
    const server = await startMetricsServer({ registry, port, host });
    return { registry, port: server.port };
  } catch (error) {
    console.error(`${service}: cannot answer /metrics on ${host}:${port} (${String(error)}); set METRICS_PORT to a free port`);
    process.exit(1);
  }
}

/**
 * What every service process measures of its plumbing: its appends (the store to use from now on is returned), how
 * far its projections are behind the store, and the lag of its Kafka consumer groups. `close` ends the Kafka reads.
 */
export function watchService(
  registry: Registry,
  options: { store: EventStore; projections: readonly string[]; brokers: string; consumers?: readonly WatchedConsumer[] },
): { store: EventStore; close(): Promise<void> } {
  const store = observeAppends(options.store, appendMetrics(registry));
  projectionLagMetric(registry, { store, projections: options.projections });
  const lag = options.consumers?.length
    ? kafkaConsumerLagMetric(registry, { brokers: options.brokers, consumers: options.consumers })
    : null;
  return { store, close: async () => lag?.close() };
}
