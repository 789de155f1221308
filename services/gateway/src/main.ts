import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { loggerOptions } from './logging.ts';
import { createDistributedPlatform, loadDistributedSettings, type DistributedSettings } from './platform/distributed.ts';
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
const logger = pino(loggerOptions(config.logLevel));
const platform = distributed
  ? await createDistributedPlatform(config, distributed, {
      logger: logger.child({ service: 'gateway', instanceId: distributed.instanceId }),
    })
  : await createEmbeddedPlatform(config, qalLedgerModule, { logger: logger.child({ service: 'ledger' }) });
const { app } = await buildApp({ ...platform, config, loggerInstance: logger.child({ service: 'gateway' }) });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  await platform.close();
});

await app.listen({ port: config.port, host: config.host });
logger.info(
  { mode: config.mode, database: config.databaseUrl ? 'postgres' : 'pglite', sms: config.sms.provider, payments: config.payments.provider },
  `Qal is listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);
