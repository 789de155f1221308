/**
 * The game engine as its own process (distributed mode, `npm run start:distributed`): engine commands from the
 * `commands.engine` topic, its ledger commands (fees, rewards, refunds) over `commands.ledger` with outcomes on
 * its own reply group, the read model in the `engine` schema, the sweeper, the store → Kafka relay, /health + /ready
 * on ENGINE_PORT (default 3102) and /metrics on METRICS_PORT (default 9102). Needs DATABASE_URL and KAFKA_BROKERS.
 */
import {
  COMMAND_TOPICS,
  commandGroupId,
  commandTopicFor,
  correlatedHandler,
  createBusCommandSender,
  KAFKA_BUS_DEFAULTS,
  REPLY_TOPIC,
  replyGroupId,
  RELAY_SUBSCRIBER,
  runService,
  SERVICE_SCHEMAS,
  serveCommands,
  startRelay,
} from '@qal/events';
import { observeCommandHandler, serveServiceMetrics, watchService } from '@qal/events/metrics';
import { METRICS_PORT_DEFAULT, PROJECTION_SUBSCRIBER } from './config.ts';
import { createGameEngine } from './service/engine.ts';

/** The whole history may take a while to project on a first start; /ready says so until it is done. */
const CATCH_UP_TIMEOUT_MS = 60 * 60_000;

const metrics = await serveServiceMetrics('game-engine', process.env, METRICS_PORT_DEFAULT);

await runService({
  name: 'game-engine',
  schema: SERVICE_SCHEMAS.engine,
  portVariable: 'ENGINE_PORT',
  defaultPort: 3102,
  busOptions: { partitionsConsumedConcurrently: KAFKA_BUS_DEFAULTS.partitions },
  async start({ store: unobserved, db, bus, logger, instanceId, env }) {
    const watched = watchService(metrics.registry, {
      store: unobserved,
      projections: [PROJECTION_SUBSCRIBER, RELAY_SUBSCRIBER],
      brokers: env.kafkaBrokers,
      consumers: [
        { name: 'commands', groupId: commandGroupId('engine'), topics: [COMMAND_TOPICS.engine] },
        { name: 'replies', groupId: replyGroupId(instanceId), topics: [REPLY_TOPIC] },
      ],
    });
    const store = watched.store;
    // ledger commands, and the engine's own room timers (queued on the bus behind the moves of the same match)
    const busCommands = await createBusCommandSender({ bus, instanceId, topicFor: commandTopicFor });
    const engine = createGameEngine({ store, db, commands: busCommands, timers: busCommands, logger });
    await engine.start();
    // The preferred relay copy (the leaderboard process runs the other, which stands by while this one works): most
    // appends are this process's moves, which wake it at once, so a move reaches the gateways without waiting for
    // its append's notification to reach another process.
    const relay = await startRelay({
      store,
      bus,
      preferred: true,
      onError: (err) => logger.warn({ err }, 'relay: publishing a batch failed; retrying'),
    });
    let caughtUp = false;
    let relayCaughtUp = false;
    const startHead = await store.head();
    engine.waitForProjection(startHead, CATCH_UP_TIMEOUT_MS).then(
      () => (caughtUp = true),
      (err: unknown) => logger.error({ err }, 'the read model did not catch up with the store'),
    );
    const commands = await serveCommands({
      bus,
      groupId: commandGroupId('engine'),
      topics: [COMMAND_TOPICS.engine],
      handler: correlatedHandler(observeCommandHandler(engine.handle, metrics.registry)),
    });
    return {
      checks: {
        projection: () => caughtUp,
        // The events that existed at start are published, by this copy or the leaderboard's.
        relay: async () => (relayCaughtUp ||= await relay.publishedThrough(startHead)),
      },
      async stop() {
        await commands.stop(); // offsets of the commands handled so far are committed here
        await relay.stop(); // the batch in flight is published and checkpointed, or rolled back
        await engine.stop();
        await busCommands.close();
        await watched.close();
      },
    };
  },
});
