/**
 * The ledger as its own process (distributed mode, `npm run start:distributed`): ledger commands from the
 * `commands.ledger` topic, outcomes to the waiting gateway, the read model in the `ledger` schema, the wallet
 * opener, /health + /ready on LEDGER_PORT (default 3101) and /metrics on METRICS_PORT (default 9101). Needs DATABASE_URL
 * and KAFKA_BROKERS.
 */
import {
  COMMAND_TOPICS,
  commandGroupId,
  correlatedHandler,
  observeAppends,
  runService,
  SERVICE_SCHEMAS,
  serveCommands,
  type Position,
} from '@qal/events';
import { observeCommandHandler, serveServiceMetrics, watchService } from '@qal/events/metrics';
import { METRICS_PORT_DEFAULT } from './config.ts';
import { createLedger } from './ledger.ts';
import { LEDGER_PROJECTIONS, ledgerTransferMetrics } from './metrics.ts';
import { chapaOptionsFromEnv, createChapaPaymentProvider } from './payments/chapa.ts';
import type { PaymentProvider } from './payments/port.ts';
import { createSandboxPaymentProvider } from './payments/sandbox.ts';

/** The whole history may take a while to project on a first start; /ready says so until it is done. */
const CATCH_UP_TIMEOUT_MS = 60 * 60_000;
/** PAYMENT_PROVIDER as the gateway reads it: sandbox by default; Chapa with its secrets and PUBLIC_URL. */
function paymentsFrom(env: Readonly<Record<string, string | undefined>>): PaymentProvider {
  if ((env.PAYMENT_PROVIDER ?? 'sandbox') !== 'chapa') return createSandboxPaymentProvider();
  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/$/, '');
  return createChapaPaymentProvider(
    chapaOptionsFromEnv({
      ...env,
      CHAPA_CALLBACK_URL: env.CHAPA_CALLBACK_URL ?? `${publicUrl}/api/v1/payments/chapa/webhook`,
      CHAPA_RETURN_URL: env.CHAPA_RETURN_URL ?? `${publicUrl}/wallet`,
    }),
  );
}

const metrics = await serveServiceMetrics('ledger', process.env, METRICS_PORT_DEFAULT);
const transfers = ledgerTransferMetrics(metrics.registry);

await runService({
  name: 'ledger',
  schema: SERVICE_SCHEMAS.ledger,
  portVariable: 'LEDGER_PORT',
  defaultPort: 3101,
  // the bus runs each key's commands in order, one at a time, and the keys side by side (events/src/bus/keyed-work.ts):
  // one wallet's commands stay in order, and a slow one holds back nothing else
  async start({ store: unobserved, db, bus, logger, env }) {
    const watched = watchService(metrics.registry, {
      store: observeAppends(unobserved, transfers),
      projections: LEDGER_PROJECTIONS,
      brokers: env.kafkaBrokers,
      consumers: [{ name: 'commands', groupId: commandGroupId('ledger'), topics: [COMMAND_TOPICS.ledger] }],
    });
    const store = watched.store;
    const ledger = await createLedger({ store, db, payments: paymentsFrom(env.raw), logger });
    await ledger.start();
    let caughtUp = false;
    const head: Position = await store.head();
    ledger.waitForProjection(head, CATCH_UP_TIMEOUT_MS).then(
      () => (caughtUp = true),
      (err: unknown) => logger.error({ err }, 'the read model did not catch up with the store'),
    );
    const commands = await serveCommands({
      bus,
      groupId: commandGroupId('ledger'),
      topics: [COMMAND_TOPICS.ledger],
      handler: correlatedHandler(observeCommandHandler(ledger.handle, metrics.registry)),
    });
    return {
      checks: { projection: () => caughtUp },
      async stop() {
        await commands.stop(); // offsets of the commands handled so far are committed here
        await ledger.stop();
        await watched.close();
      },
    };
  },
});
