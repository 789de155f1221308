/**
 * The leaderboard as its own process (distributed mode, `npm run start:distributed`): the leaderboard projection
 * (boards, badges, stats in the `leaderboard` schema, which the gateways read) and the store → Kafka relay, the
 * outbox every other process's pushes depend on. /health + /ready on LEADERBOARD_PORT (default 3103). Needs DATABASE_URL
 * and KAFKA_BROKERS. More than one may run: one relays at a time, the others stand by.
 */
import { comparePositions, RELAY_SUBSCRIBER, runService, SERVICE_SCHEMAS, START, startRelay, type Position } from '@qal/events';
import { PROJECTION_NAME } from './config.ts';
import { createLeaderboardProjection } from './projection/projection.ts';

await runService({
  name: 'leaderboard',
  schema: SERVICE_SCHEMAS.leaderboard,
  portVariable: 'LEADERBOARD_PORT',
  defaultPort: 3103,
  async start({ store, bus, db, logger }) {
    const startHead: Position = await store.head();
    const projection = createLeaderboardProjection({ store, db, logger });
    await projection.start();
    const relay = await startRelay({ store, bus, onError: (err) => logger.warn({ err }, 'relay: publishing a batch failed; retrying') });
    let caughtUp = false;
    // Caught up once the events that existed at start are published, by this process or a standby's.
    const relayCaughtUp = async () => {
      if (!caughtUp) {
        const checkpoint = await store.loadCheckpoint(RELAY_SUBSCRIBER);
        caughtUp =
          comparePositions(relay.position(), startHead) >= 0 || (checkpoint !== null && comparePositions(checkpoint, startHead) >= 0);
      }
      return caughtUp;
    };
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
      },
    };
  },
});
