/**
 * @qal/events/metrics: Prometheus metrics (prom-client) that every process shares, so each metric has one name, one
 * meaning and the same buckets wherever it is measured. The rest of the package stays free of prom-client: the store
 * reports appends through `observeAppends`, and a process wires that here. docs/metrics.md lists the metrics.
 */
export { createMetricsRegistry, BUCKETS, COLLECT_TIMEOUT_MS, valueWithin } from './registry.ts';
export { appendMetrics, projectionLagMetric, eventsBehind } from './store.ts';
export { observeCommandSender, observeCommandHandler, UNKNOWN_COMMAND_TYPE } from './commands.ts';
export { kafkaConsumerLagMetric, createKafkaLagReader, partitionLag, type WatchedConsumer, type ConsumerLag } from './kafka-lag.ts';
export { startMetricsServer, METRICS_PATH, type MetricsServer } from './server.ts';
export { loadMetricsPort, MetricsPort } from './settings.ts';
export { serveServiceMetrics, watchService, type ServiceMetrics } from './service.ts';
export type { Registry } from 'prom-client';
