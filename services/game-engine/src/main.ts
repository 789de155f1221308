/**
 * The game engine as its own process (distributed mode, `npm run start:distributed`): engine commands from the
 * `commands.engine` topic, its ledger commands (fees, rewards, refunds) over `commands.ledger` with outcomes on
 * its own reply group, the read model in the `engine` schema, the sweeper, and /health + /ready on ENGINE_PORT
 * (default 3102). Needs DATABASE_URL and KAFKA_BROKERS.
 */
import {
  COMMAND_TOPICS,
  commandGroupId,
  commandTopicFor,
  createBusCommandSender,
  KAFKA_BUS_DEFAULTS,
  runService,
  SERVICE_SCHEMAS,
  serveCommands,
} from '@qal/events';
import { createGameEngine } from './service/engine.ts';

/** The whole history may take a while to project on a first start; /ready says so until it is done. */
const CATCH_UP_TIMEOUT_MS = 60 * 60_000;

await runService({
  name: 'game-engine',
  schema: SERVICE_SCHEMAS.engine,
  portVariable: 'ENGINE_PORT',
  defaultPort: 3102,
  busOptions: { partitionsConsumedConcurrently: KAFKA_BUS_DEFAULTS.partitions },
  async start({ store, db, bus, logger, instanceId }) {
    // ledger commands, and the engine's own room timers (queued on the bus behind the moves of the same match)
    const busCommands = await createBusCommandSender({ bus, instanceId, topicFor: commandTopicFor });
    const engine = createGameEngine({ store, db, commands: busCommands, timers: busCommands, logger });
    await engine.start();
    let caughtUp = false;
    engine.waitForProjection(await store.head(), CATCH_UP_TIMEOUT_MS).then(
      () => (caughtUp = true),
      (err: unknown) => logger.error({ err }, 'the read model did not catch up with the store'),
    );
    const commands = await serveCommands({
      bus,
      groupId: commandGroupId('engine'),
      topics: [COMMAND_TOPICS.engine],
      handler: engine.handle,
    });
    return {
      checks: { projection: () => caughtUp },
      async stop() {
        await commands.stop(); // offsets of the commands handled so far are committed here
        await engine.stop();
        await busCommands.close();
      },
    };
  },
});
