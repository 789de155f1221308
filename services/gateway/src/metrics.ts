import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram } from 'prom-client';
import { REPLY_TOPIC, replyGroupId, type AppendObserver, type CommandSender, type EventStore } from '@qal/events';
import {
  appendMetrics,
  BUCKETS,
  createMetricsRegistry,
  kafkaConsumerLagMetric,
  METRICS_PATH,
  observeCommandSender,
  projectionLagMetric,
  type Registry,
} from '@qal/events/metrics';
import { config as engineConfig } from '@qal/game-engine';
import { PROJECTION_NAME as LEADERBOARD_PROJECTION } from '@qal/leaderboard';
import { LEDGER_PROJECTIONS, ledgerTransferMetrics } from '@qal/ledger';
import { sendFailure } from './http/envelope.ts';
import { routeSchema } from './http/route-schema.ts';

/** What the websocket route reports: sockets opening and closing, and each push it sends. */
export interface WsObserver {
  opened(): void;
  closed(): void;
  /** A push went out on `channel` (e.g. `user:…`). */
  pushed(channel: string): void;
}

/** A gateway process's metrics (docs/metrics.md); in the embedded mode they include the services it runs. */
export interface GatewayMetrics {
  readonly registry: Registry;
  /** For the event store (observeAppends): append latency and size, and the transfers the embedded ledger posts. */
  readonly appendObserver: AppendObserver;
  readonly ws: WsObserver;
  /** The sender, timing each command by type and outcome. */
  observeCommands(sender: CommandSender): CommandSender;
}

/** A route that matched nothing (static files, the app's pages, 404s), so the label stays a route pattern. */
export const UNMATCHED_ROUTE = 'unmatched';

/** `user`, `match`, `room`: the part of a channel before its first colon. */
const channelKind = (channel: string) => /^([a-z]+):/.exec(channel)?.[1] ?? 'other';

export function createGatewayMetrics(service = 'gateway'): GatewayMetrics {
  const registry = createMetricsRegistry(service);
  const appended = appendMetrics(registry);
  const transfers = ledgerTransferMetrics(registry);
  const connections = new Gauge({
    name: 'qal_ws_connections',
    help: 'Open websocket connections on this gateway',
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'qal_ws_pushes_total',
    help: 'Pushes sent to websocket clients, by channel kind (user, match, room)',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  return {
    registry,
    appendObserver: (observation) => {
      appended(observation);
      transfers(observation);
    },
    ws: {
      opened: () => connections.inc(),
      closed: () => connections.dec(),
      pushed: (channel) => pushes.inc({ channel: channelKind(channel) }),
    },
    observeCommands: (sender) => observeCommandSender(sender, registry),
  };
}

/**
 * Times every HTTP request by method, route pattern and status, and answers /metrics on this (the public) port
 * when `onPublicPort` (development, or METRICS_PUBLIC=1); otherwise /metrics is a 404 here.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: GatewayMetrics, options: { readonly onPublicPort: boolean }): void {
  const requests = new Histogram({
    name: 'qal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [...BUCKETS.requestSeconds],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const schema = routeSchema({
    tags: ['system'],
    summary: 'Prometheus metrics of this process',
    description:
      'The Prometheus text format. Answered here in development or with METRICS_PUBLIC=1; with NODE_ENV=production it is ' +
      'not_found here and answered on METRICS_PORT only (docs/metrics.md).',
    produces: ['text/plain'],
  });
  // a route either way: refused, /metrics must not fall through to the web app's pages
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    if (!options.onPublicPort) return sendFailure(request, reply, 'not_found');
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/** The embedded mode runs the projections itself: their lag behind the store it shares with them. */
export function watchEmbeddedProjections(metrics: GatewayMetrics, store: EventStore): void {
  projectionLagMetric(metrics.registry, {
    store,
    projections: [...LEDGER_PROJECTIONS, engineConfig.PROJECTION_SUBSCRIBER, LEADERBOARD_PROJECTION],
  });
}

/** A distributed gateway's consumer groups: the command outcomes it waits for and the events it pushes. */
export function watchGatewayConsumers(
  metrics: GatewayMetrics,
  options: { brokers: string; instanceId: string; pushGroupId: string; pushTopics: readonly string[] },
): { close(): Promise<void> } {
  return kafkaConsumerLagMetric(metrics.registry, {
    brokers: options.brokers,
    consumers: [
      { name: 'replies', groupId: replyGroupId(options.instanceId), topics: [REPLY_TOPIC] },
      { name: 'pushes', groupId: options.pushGroupId, topics: options.pushTopics },
    ],
  });
}
