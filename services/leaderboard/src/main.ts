/**
 * The leaderboard as its own process (distributed mode, `npm run start:distributed`): the leaderboard projection
 * (boards, badges, stats in the `leaderboard` schema, which the gateways read) and the store → Kafka relay, the
 * outbox every other process's pushes depend on. /health + /ready on LEADERBOARD_PORT (default 3103), /metrics on
 * METRICS_PORT (default 9103). Needs DATABASE_URL and KAFKA_BROKERS. More than one may run: one relays at a time, the others stand by.
 */
import { comparePositions, RELAY_SUBSCRIBER, runService, SERVICE_SCHEMAS, START, startRelay, type Position } from '@qal/events';
import { watchService, serveServiceMetrics } from '@qal/events/metrics';
import { METRICS_PORT_DEFAULT, PROJECTION_NAME } from './config.ts';
import { createLeaderboardProjection } from './projection/projection.ts';

const metrics = await serveServiceMetrics('leaderboard', process.env, METRICS_PORT_DEFAULT);

await runService({
  name: 'leaderboard',
  schema: SERVICE_SCHEMAS.leaderboard,
  portVariable: 'LEADERBOARD_PORT',
  defaultPort: 3103,
  async start({ store: unobserved, bus, db, logger, env }) {
    // it consumes nothing from Kafka: the relay publishes, the projection reads the store
    const watched = watchService(metrics.registry, {
      store: unobserved,
      projections: [PROJECTION_NAME, RELAY_SUBSCRIBER],
      brokers: env.kafkaBrokers,
    });
    const store = watched.store;
    const startHead: Position = await store.head();
    const projection = createLeaderboardProjection({ store, db, logger });
    await projection.start();
    const relay = await startRelay({ store, bus, onError: (err) => logger.warn({ err }, 'relay: publishing a batch failed; retrying') });
    let caughtUp = false;
    // Caught up once the events that existed at start are published, by this process or the engine's copy.
    const relayCaughtUp = async () => (caughtUp ||= await relay.publishedThrough(startHead));
    // The boards are ready once they include what existed at start.
    const projectionCaughtUp = async () => {
      const checkpoint = await store.loadCheckpoint(PROJECTION_NAME);
      return comparePositions(checkpoint ?? START, startHead) >= 0;
    };
    return {
      checks: { relay: relayCaughtUp, projection: projectionCaughtUp },
      // The batches in flight are published / applied and checkpointed, or rolled back.
      stop: async () => {
        await relay.stop();
        await projection.stop();
        await watched.close();
      },
    };
  },
});
