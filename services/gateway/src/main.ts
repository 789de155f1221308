import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startMetricsServer, type MetricsServer } from '@qal/events/metrics';
import { logTransport, loggerOptions } from './logging.ts';
import { createGatewayMetrics, watchEmbeddedProjections, watchGatewayConsumers } from './metrics.ts';
import {
  createDistributedPlatform,
  loadDistributedSettings,
  pushGroupId,
  PUSH_TOPICS,
  type DistributedSettings,
} from './platform/distributed.ts';
import { createEmbeddedPlatform } from './platform/embedded.ts';
import { qalLedgerModule } from './platform/ledger-module.ts';

/**
 * `npm start`: the embedded mode, every service in this one process, then listen. With QAL_MODE=distributed
 * (`npm run start:distributed`) this is one gateway in front of the service processes, over Kafka and PostgreSQL.
 */
function readConfig(): { config: Config; distributed: DistributedSettings | null } {
  try {
    const config = loadConfig(process.env);
    return { config, distributed: config.mode === 'distributed' ? loadDistributedSettings(process.env, config) : null };
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(`config error: ${line}`);
      process.exit(1);
    }
    throw error;
  }
}

const { config, distributed } = readConfig();
// pretty on a developer's terminal, JSON lines otherwise (logging.ts)
const logger = pino({ ...loggerOptions(config.logLevel), ...logTransport(process.stdout, config) });
const metrics = createGatewayMetrics(distributed ? 'gateway' : 'qal');
const platform = distributed
  ? await createDistributedPlatform(config, distributed, {
      logger: logger.child({ service: 'gateway', instanceId: distributed.instanceId }),
    })
  : await createEmbeddedPlatform(config, qalLedgerModule, {
      logger: logger.child({ service: 'ledger' }),
      appendObserver: metrics.appendObserver,
    });
const consumers = distributed
  ? watchGatewayConsumers(metrics, {
      brokers: distributed.kafkaBrokers,
      instanceId: distributed.instanceId,
      pushGroupId: pushGroupId(distributed.instanceId),
      pushTopics: PUSH_TOPICS,
    })
  : null;
if (!distributed) watchEmbeddedProjections(metrics, platform.store);
const { app } = await buildApp({ ...platform, config, metrics, loggerInstance: logger.child({ service: 'gateway' }) });
let metricsServer: MetricsServer | null = null;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  await metricsServer?.close();
  await consumers?.close();
  await platform.close();
});

await app.listen({ port: config.port, host: config.host });
if (config.metrics.port !== null)
  metricsServer = await startMetricsServer({ registry: metrics.registry, port: config.metrics.port, host: config.host });
const metricsAt = [...(config.metrics.onPublicPort ? [config.port] : []), ...(metricsServer ? [metricsServer.port] : [])];
if (metricsAt.length > 0) logger.info(`Prometheus metrics on ${metricsAt.map((port) => `:${port}/metrics`).join(' and ')}`);
else logger.info('no /metrics: NODE_ENV=production answers it only with METRICS_PORT or METRICS_PUBLIC=1');
logger.info(
  { mode: config.mode, database: config.databaseUrl ? 'postgres' : 'pglite', sms: config.sms.provider, payments: config.payments.provider },
  `Qal is listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);
